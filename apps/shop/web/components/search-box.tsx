import { useEffect, useRef, useState } from 'preact/hooks';
import { productName } from '../lib/format.ts';
import { graphql } from '../lib/graphql-client.ts';
import { useLang } from '../lib/i18n.ts';
import { ShopSuggestDocument, type ShopSuggestQuery } from '../generated/operations.ts';
import { navigate, routeStore } from '../lib/router.ts';
import { branchStore } from '../lib/shop-state.ts';
import { useStore } from '../lib/store.ts';
import { Icon } from './icons.tsx';
import { ProductImage } from './product-bits.tsx';

const optionId = (i: number) => `search-option-${i}`;

type Option = { kind: 'text'; text: string } | { kind: 'product'; hit: ShopSuggestQuery['search'][number] };

/**
 * Completions and product matches for `text` while the list is open, a moment after the last key;
 * `onFresh` runs when new ones arrive. An answer to older text is dropped.
 */
function useSuggestions(text: string, open: boolean, onFresh: () => void): Option[] {
  const [options, setOptions] = useState<Option[]>([]);
  const latest = useRef(0);
  const fresh = useRef(onFresh);
  fresh.current = onFresh;
  useEffect(() => {
    const query = text.trim();
    if (query.length < 2 || !open) {
      setOptions([]);
      return;
    }
    const mine = ++latest.current;
    const timer = setTimeout(() => {
      graphql(ShopSuggestDocument, { query, branchCode: branchStore.get()?.branchCode ?? null })
        .then((data) => {
          if (mine !== latest.current) return;
          const texts = data.searchSuggest.filter((s) => s.toLowerCase() !== query.toLowerCase()).slice(0, 5);
          setOptions([
            ...texts.map((s): Option => ({ kind: 'text', text: s })),
            ...data.search.filter((h) => h.product).map((hit): Option => ({ kind: 'product', hit })),
          ]);
          fresh.current();
        })
        // Suggestions are a convenience: when they fail, the box still searches on Enter.
        .catch(() => mine === latest.current && setOptions([]));
    }, 160);
    return () => clearTimeout(timer);
  }, [text, open]);

  return options;
}

/** Goes where a chosen option leads: a completion's results or a product's page; no option searches the typed text. */
function follow(option: Option | undefined, text: string, setText: (text: string) => void): void {
  if (!option) {
    const query = text.trim();
    if (query) navigate(`/search?q=${encodeURIComponent(query)}`);
    return;
  }
  if (option.kind === 'text') {
    setText(option.text);
    navigate(`/search?q=${encodeURIComponent(option.text)}`);
  } else {
    navigate(`/p/${option.hit.cprcode}`);
  }
}

/**
 * The search box: completions (`searchSuggest`) and the best product matches (`search` in
 * AUTOCOMPLETE mode) as you type, in an ARIA combobox; Enter searches (SEMANTIC) on its own page.
 */
export function SearchBox() {
  const { t } = useLang();
  const route = useStore(routeStore);
  const [text, setText] = useState(route.path === '/search' ? (route.query.get('q') ?? '') : '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const options = useSuggestions(text, open, () => setActive(-1));
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (route.path === '/search') setText(route.query.get('q') ?? '');
  }, [route]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const choose = (option: Option | undefined) => {
    close();
    follow(option, text, setText);
  };

  const expanded = open && options.length > 0;

  return (
    <form
      class="search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        choose(active >= 0 ? options[active] : undefined);
      }}
    >
      <label for="search-input" class="sr-only">
        {t('searchLabel')}
      </label>
      <input
        ref={input}
        id="search-input"
        type="text"
        enterKeyHint="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls="search-options"
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        placeholder={t('searchPlaceholder')}
        value={text}
        maxLength={200}
        onInput={(event) => {
          setText(event.currentTarget.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(close, 150)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && options.length) {
            event.preventDefault();
            setOpen(true);
            setActive((i) => (i + 1) % options.length);
          } else if (event.key === 'ArrowUp' && options.length) {
            event.preventDefault();
            setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
          } else if (event.key === 'Escape') {
            close();
          }
        }}
      />
      <button type="submit" class="button search-button">
        <Icon name="search" />
        <span class="sr-only">{t('searchButton')}</span>
      </button>
      <SuggestionList options={options} active={active} expanded={expanded} onChoose={choose} />
    </form>
  );
}

/** The open list of suggestions, an ARIA listbox that the search box's input controls. */
function SuggestionList({
  options,
  active,
  expanded,
  onChoose,
}: {
  options: Option[];
  active: number;
  expanded: boolean;
  onChoose: (option: Option) => void;
}) {
  const { lang, t } = useLang();
  return (
    <ul
      id="search-options"
      role="listbox"
      aria-label={t('suggestions')}
      class={expanded ? 'suggestions open' : 'suggestions'}
      hidden={!expanded}
    >
      {options.map((option, i) => (
        <li
          key={option.kind === 'text' ? `t:${option.text}` : `p:${option.hit.cprcode}`}
          id={optionId(i)}
          role="option"
          aria-selected={i === active}
          class={`suggestion ${i === active ? 'active' : ''} suggestion-${option.kind}`}
          // mousedown, not click: it comes before the input's blur closes the list.
          onMouseDown={(event) => {
            event.preventDefault();
            onChoose(option);
          }}
        >
          {option.kind === 'text' ? (
            <>
              <span class="suggestion-icon">
                <Icon name="search" size={16} />
              </span>
              {option.text}
            </>
          ) : (
            <>
              <ProductImage url={option.hit.product?.imageUrl ?? null} alt="" size="thumb" />
              <span>{productName(option.hit.product, lang, option.hit.name ?? option.hit.cprcode)}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
