import type { ReactNode } from 'react';
import { Button } from '../Button/Button';
import { ModalDialog } from './Dialog';

export const CONFIRM_TONES = ['danger', 'neutral'] as const;
export type ConfirmTone = (typeof CONFIRM_TONES)[number];

/** Default name of the button that backs out. */
export const CONFIRM_CANCEL_LABEL = 'Cancel';

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  /**
   * The question, e.g. USER_MANAGEMENT_TEXTS.deleteConfirm (REQ-users-delete: deleting a user needs
   * confirmation).
   */
  message: ReactNode;
  /** Names the action, e.g. 'Delete'. */
  confirmLabel: string;
  cancelLabel?: string;
  /** `danger` for actions that cannot be undone. */
  tone?: ConfirmTone;
  /** Busy while the confirmed action runs. */
  confirming?: boolean;
  onConfirm: () => void;
  /** Called by the Cancel button and by Escape. */
  onCancel: () => void;
};

/**
 * Asks before an action (an alertdialog). Focus starts on Cancel, the choice that changes nothing, so a stray
 * Enter does no harm; Escape cancels.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = CONFIRM_CANCEL_LABEL,
  tone = 'danger',
  confirming = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <ModalDialog
      open={open}
      onClose={onCancel}
      title={title}
      description={message}
      role="alertdialog"
      showClose={false}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button variant={tone === 'danger' ? 'danger' : 'primary'} loading={confirming} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
