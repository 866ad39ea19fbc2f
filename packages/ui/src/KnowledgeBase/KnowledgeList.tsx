import { formatDate, summarizeSpecializations } from '@sentinel/domain';
import type { KnowledgeListItem } from '@sentinel/domain/contract';
import { useId } from 'react';
import { Badge } from '../Badge/Badge';
import { useClock } from '../clock/ClockProvider';
import * as styles from './KnowledgeBase.css';
import {
  CATEGORY_LABELS,
  KNOWLEDGE_SCREEN_TEXTS,
  SENSITIVITY_LABELS,
  SENSITIVITY_TONES,
} from './KnowledgeBase.utils';

type ItemProps = {
  item: KnowledgeListItem;
  selected: boolean;
  onSelect: (id: string) => void;
};

/**
 * REQ-kb-list One document in the list: title, sensitivity badge, category, last-updated date and up to 2
 * required specializations then '+N more'. The title is the button (its area covers the entry); the rest
 * describes it.
 */
function KnowledgeListEntry({ item, selected, onSelect }: ItemProps) {
  const clock = useClock();
  const metaId = useId();
  const { sensitivity, lastUpdated, specializationRequired } = item.metadata;
  return (
    <li className={selected ? `${styles.item} ${styles.itemSelected}` : styles.item}>
      <button
        type="button"
        className={styles.itemButton}
        aria-current={selected ? 'true' : undefined}
        aria-describedby={metaId}
        onClick={() => onSelect(item.id)}
      >
        {item.title}
      </button>
      <span id={metaId} className={styles.itemMeta}>
        <Badge tone={SENSITIVITY_TONES[sensitivity]}>{SENSITIVITY_LABELS[sensitivity]}</Badge>
        <Badge tone="neutral">{CATEGORY_LABELS[item.category]}</Badge>
        <span>
          {KNOWLEDGE_SCREEN_TEXTS.updated}{' '}
          <time dateTime={lastUpdated}>{formatDate(lastUpdated, clock)}</time>
        </span>
        {specializationRequired.length > 0 ? (
          <span>
            {KNOWLEDGE_SCREEN_TEXTS.requires}: {summarizeSpecializations(specializationRequired)}
          </span>
        ) : null}
      </span>
    </li>
  );
}

export type KnowledgeListProps = {
  items: readonly KnowledgeListItem[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  /** A search is running: the list is about to change. */
  busy?: boolean;
};

/** REQ-kb The knowledge list. */
export function KnowledgeList({ items, selectedId, onSelect, busy = false }: KnowledgeListProps) {
  return (
    <ul className={styles.list} aria-label={KNOWLEDGE_SCREEN_TEXTS.listLabel} aria-busy={busy || undefined}>
      {items.map((item) => (
        <KnowledgeListEntry key={item.id} item={item} selected={item.id === selectedId} onSelect={onSelect} />
      ))}
    </ul>
  );
}
