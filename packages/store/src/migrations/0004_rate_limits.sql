-- Units used per bucket (a partner key, a shopper) and fixed window, shared by every API instance.
CREATE TABLE rate_limits (
  bucket text NOT NULL,
  window_start timestamptz NOT NULL,
  used integer NOT NULL,
  PRIMARY KEY (bucket, window_start)
);
CREATE INDEX rate_limits_window ON rate_limits (window_start);
