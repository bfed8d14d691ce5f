/** Logs one line; the composition root decides where it goes. */
export type CatalogLogger = (line: string) => void;
