import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

export interface AsyncState<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/** Runs `load` when `deps` change; an answer that arrives after a newer call started is dropped. */
export function useAsync<T>(load: () => Promise<T>, deps: unknown[]): AsyncState<T> {
  const [state, setState] = useState<{ data: T | null; error: unknown; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const generation = useRef(0);
  const loader = useRef(load);
  loader.current = load;

  const run = useCallback(() => {
    const mine = ++generation.current;
    setState((previous) => ({ ...previous, error: null, loading: true }));
    loader.current().then(
      (data) => mine === generation.current && setState({ data, error: null, loading: false }),
      (error: unknown) => mine === generation.current && setState({ data: null, error, loading: false }),
    );
  }, []);

  // eslint-disable-next-line react-hooks/exhaustive-deps -- `deps` are the inputs of `load`, which the rule checks at each call of useAsync (additionalHooks in eslint.config.js).
  useEffect(run, deps);
  return { ...state, reload: run };
}
