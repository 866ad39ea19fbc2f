import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { IconButton } from '../Button/Button';
import { CloseIcon } from '../icons/icons';
import { Heading } from '../Text/Text';
import * as styles from './Dialog.css';

export const DIALOG_SIZES = styles.DIALOG_SIZES;
export type DialogSize = (typeof DIALOG_SIZES)[number];

/** Name of the dialog's close button. */
export const DIALOG_CLOSE_LABEL = 'Close';

export type DialogProps = {
  /** Controlled: the dialog shows while true. */
  open: boolean;
  /** Asked for by the Close button and by Escape; the owner sets `open` to false. */
  onClose: () => void;
  /** Visible heading that names the dialog. */
  title: string;
  /** Optional text under the title, announced as the dialog's description. */
  description?: ReactNode;
  /** standard for details and forms, large for documents. */
  size?: DialogSize;
  /** The dialog's body. */
  children?: ReactNode;
  /** Action buttons, shown in a bar at the bottom. */
  footer?: ReactNode;
};

type ModalProps = DialogProps & {
  /** alertdialog for a question that needs an answer, dialog otherwise. */
  role: 'dialog' | 'alertdialog';
  /** Shows the Close button in the header. */
  showClose: boolean;
};

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function show(dialog: HTMLDialogElement) {
  if (dialog.open) return;
  // Older engines (and some test DOMs) lack showModal; the dialog then still opens, without the inert page.
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', '');
}

function hide(dialog: HTMLDialogElement) {
  if (typeof dialog.close === 'function') dialog.close();
  else dialog.removeAttribute('open');
}

/**
 * Whether the body is taller than its box (a long note, a phone's short window): it then scrolls, and a
 * scrolling region must take keyboard focus to be scrolled without a mouse (WCAG 2.1.1; axe
 * scrollable-region-focusable). Watched as the window resizes and as the content changes.
 */
function useScrolls(ref: RefObject<HTMLElement | null>, open: boolean) {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!open || !element || typeof ResizeObserver === 'undefined') return undefined;
    const check = () => setScrolls(element.scrollHeight > element.clientHeight);
    check();
    const resize = new ResizeObserver(check);
    resize.observe(element);
    const mutation = new MutationObserver(check);
    mutation.observe(element, { childList: true, subtree: true, characterData: true });
    return () => {
      resize.disconnect();
      mutation.disconnect();
    };
  }, [ref, open]);
  return scrolls;
}

/** The modal both Dialog and ConfirmDialog are made of. */
export function ModalDialog({
  open,
  onClose,
  title,
  description,
  size = 'standard',
  children,
  footer,
  role,
  showClose,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  const openRef = useRef(open);
  const bodyRef = useRef<HTMLDivElement>(null);
  // Declared after the opening effect, so the first focus on opening still goes to the first control.

  useEffect(() => {
    onCloseRef.current = onClose;
    openRef.current = open;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    show(dialog);
    const first = dialog.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog).focus();
    return () => {
      // Our own closing is not a close request from the browser: the close event must not call onClose again.
      openRef.current = false;
      if (dialog.open) hide(dialog);
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  const bodyScrolls = useScrolls(bodyRef, open);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    // Handled here rather than left to the browser's cancel event, so every engine closes the same way and
    // an inner widget (a menu) can keep Escape for itself by stopping it.
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    onClose();
  };

  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      tabIndex={-1}
      className={styles.dialog[size]}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={(event) => {
        // Closed by the browser itself (not by us): tell the owner so its state follows. Browsers fire the close
        // event in a later task, so one may arrive after the dialog is open again: StrictMode in development
        // mounts a component twice, and the first mount's cleanup closes the dialog the second one reopens. Such
        // a stale event is not a close request: the dialog it speaks of is showing.
        if (openRef.current && !event.currentTarget.open) onCloseRef.current();
      }}
    >
      {open ? (
        <>
          <div className={styles.header}>
            <div className={styles.headings}>
              <Heading level={2} size={3} id={titleId}>
                {title}
              </Heading>
              {description ? (
                <div id={descriptionId} className={styles.description}>
                  {description}
                </div>
              ) : null}
            </div>
            {showClose ? (
              <IconButton label={DIALOG_CLOSE_LABEL} icon={<CloseIcon />} variant="ghost" onClick={onClose} />
            ) : null}
          </div>
          {children ? (
            // Named by the title when it scrolls, so a keyboard user landing on it hears what it holds.
            <div
              ref={bodyRef}
              className={styles.body}
              // The role is 'region' whenever the tab stop is there; the rule cannot follow the condition.
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
              tabIndex={bodyScrolls ? 0 : undefined}
              role={bodyScrolls ? 'region' : undefined}
              aria-labelledby={bodyScrolls ? titleId : undefined}
            >
              {children}
            </div>
          ) : null}
          {footer ? <div className={styles.footer}>{footer}</div> : null}
        </>
      ) : null}
    </dialog>
  );
}

/**
 * A modal dialog on the native `<dialog>` (showModal makes the page behind inert). Named by its title, closed by
 * the Close button or Escape (both call onClose); focus moves into it on open and back to the opener on close.
 *
 * **When to use:** details or a short task that needs the user's attention without leaving the page (record
 * details, a document). Do not open a dialog from a dialog.
 *
 * **Accessibility:** the native modal `<dialog>`: the page behind is inert, Tab stays inside, Escape and Close
 * call onClose, and focus returns to the opener.
 *
 * **Content:** the title names what is shown ("Record details", the document's title).
 */
export function Dialog(props: DialogProps) {
  return <ModalDialog {...props} role="dialog" showClose />;
}
