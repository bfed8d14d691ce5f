/** Configuration of `npm run start:grocer`, parsed once from the environment with zod. */
import { z } from 'zod';
import { MAX_PRODUCT_COUNT } from './catalog-generator.ts';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

const grocerEnvSchema = z
  .object({
    GROCER_PORT: z.coerce.number().int().min(0).max(65_535).default(4002),
    GROCER_HOST: z.string().min(1).default('127.0.0.1'),
    GROCER_PRODUCTS: z.coerce.number().int().min(1).max(MAX_PRODUCT_COUNT).default(40_000),
    GROCER_SEED: z.coerce.number().int().default(1),
    GROCER_CONTROL_TOKEN: optionalText.pipe(
      z.string().min(16, 'GROCER_CONTROL_TOKEN must be at least 16 characters').optional(),
    ),
    GROCER_API_TOKEN: optionalText.pipe(
      z.string().min(16, 'GROCER_API_TOKEN must be at least 16 characters').optional(),
    ),
    SERVICE_WEBHOOK_URL: optionalText.pipe(z.url().optional()),
    SERVICE_WEBHOOK_SECRET: optionalText,
    GROCER_PICKING_STEP_MS: z.coerce.number().int().min(1).default(60_000),
  })
  .refine((env) => (env.SERVICE_WEBHOOK_URL === undefined) === (env.SERVICE_WEBHOOK_SECRET === undefined), {
    message: 'Set SERVICE_WEBHOOK_URL and SERVICE_WEBHOOK_SECRET together',
    path: ['SERVICE_WEBHOOK_SECRET'],
  });

export interface GrocerConfig {
  port: number;
  host: string;
  productCount: number;
  seed: number;
  controlToken: string | undefined;
  apiToken: string | undefined;
  serviceWebhook: { url: string; secret: string } | null;
  pickingStepMs: number;
}

/** Parses the environment; throws one message naming every bad variable. */
export function loadGrocerConfig(env: Record<string, string | undefined> = process.env): GrocerConfig {
  const parsed = grocerEnvSchema.safeParse(env);
  if (!parsed.success)
    throw new Error(
      `Invalid grocer configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  const e = parsed.data;
  return {
    port: e.GROCER_PORT,
    host: e.GROCER_HOST,
    productCount: e.GROCER_PRODUCTS,
    seed: e.GROCER_SEED,
    controlToken: e.GROCER_CONTROL_TOKEN,
    apiToken: e.GROCER_API_TOKEN,
    serviceWebhook:
      e.SERVICE_WEBHOOK_URL && e.SERVICE_WEBHOOK_SECRET
        ? { url: e.SERVICE_WEBHOOK_URL, secret: e.SERVICE_WEBHOOK_SECRET }
        : null,
    pickingStepMs: e.GROCER_PICKING_STEP_MS,
  };
}
