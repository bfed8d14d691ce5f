import { ShopSuggestDocument } from '../generated/operations.ts';
import { graphql } from '../lib/graphql-client.ts';
import { useLang } from '../lib/i18n.ts';
import { branchStore } from '../lib/shop-state.ts';
import { useStore } from '../lib/store.ts';
import { useAsync } from '../lib/use-async.ts';
import { Link } from './link.tsx';

/** Results fewer than this make the search page offer the query as the catalog spells it. */
const FEW_RESULTS = 5;

/**
 * "Did you mean …" under a search that found nothing or little: the search service leads its
 * completions with the query spelt as the catalog spells it when a word of it is not in the
 * catalog (openapi/search.yaml); a correction keeps the query's words, one for one.
 */
export function DidYouMean({ query, found }: { query: string; found: number }) {
  const { t } = useLang();
  const branch = useStore(branchStore);
  const typed = query.trim();
  const few = found < FEW_RESULTS;
  const branchCode = branch?.branchCode ?? null;
  const spelling = useAsync(async (): Promise<string | null> => {
    if (!typed || !few) return null;
    const { searchSuggest } = await graphql(ShopSuggestDocument, { query: typed, branchCode });
    const first = searchSuggest[0];
    const words = (text: string) => text.toLowerCase().split(/\s+/u);
    return first !== undefined &&
      first.toLowerCase() !== typed.toLowerCase() &&
      words(first).length === words(typed).length
      ? first
      : null;
  }, [typed, few, branchCode]);
  if (!spelling.data) return null;
  return (
    <p class="did-you-mean" data-testid="did-you-mean">
      {t('didYouMean')} <Link to={`/search?q=${encodeURIComponent(spelling.data)}`}>{spelling.data}</Link>?
    </p>
  );
}
