import type { ReactNode } from 'react';
import { Button } from '../Button/Button';
import { ModalDialog } from './Dialog';

export const CONFIRM_TONES = ['danger', 'neutral'] as const;
export type ConfirmTone = (typeof CONFIRM_TONES)[number];

/** Default name of the button that backs out. */
export const CONFIRM_CANCEL_LABEL = 'Cancel';

export type ConfirmDialogProps = {
  /** Whether the dialog shows. */
  open: boolean;
  /** The dialog's name, the question or action ("Delete user"). */
  title: string;
  /**
   * The question, e.g. USER_MANAGEMENT_TEXTS.deleteConfirm (REQ-users-delete: deleting a user needs
   * confirmation).
   */
  message: ReactNode;
  /** Names the action, e.g. 'Delete'. */
  confirmLabel: string;
  /** The Cancel button's text. */
  cancelLabel?: string;
  /** `danger` for actions that cannot be undone. */
  tone?: ConfirmTone;
  /** Busy while the confirmed action runs. */
  confirming?: boolean;
  /** Called when the user confirms; the dialog does not close itself. */
  onConfirm: () => void;
  /** Called by the Cancel button and by Escape. */
  onCancel: () => void;
};

/**
 * Asks before an action (an alertdialog). Focus starts on Cancel, the choice that changes nothing, so a stray
 * Enter does no harm; Escape cancels.
 *
 * **When to use:** before an action that cannot be undone or that changes someone's access: delete a user, delete
 * an appointment. Not for information (Dialog) or errors (AlertRegion).
 *
 * **Accessibility:** an alertdialog named by its title and described by its message; focus starts on Cancel,
 * Escape cancels, and focus returns to the control that opened it.
 *
 * **Content:** the title names the action ("Delete user"), the message says what will happen, the confirm button
 * repeats the verb ("Delete"), never "Yes".
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
