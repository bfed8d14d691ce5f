// The package ships CommonJS without types: one function from a lower-case word to its Porter2 stem.
declare module 'wink-porter2-stemmer' {
  const stem: (word: string) => string;
  export default stem;
}
