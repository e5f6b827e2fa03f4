import { CloseIcon } from './icons.tsx';

/** The title row every dialog of the kit shares: its heading (which names the dialog) and a close button. */
export function DialogHeader({
  id,
  title,
  closeLabel,
  onClose,
  block,
}: {
  id: string;
  title: string;
  closeLabel: string;
  onClose: () => void;
  /** The dialog's class block: `vendo-modal` or `vendo-drawer`. */
  block: 'vendo-modal' | 'vendo-drawer';
}) {
  return (
    <div className={`${block}__header`}>
      <h2 id={id} className={`${block}__title`}>
        {title}
      </h2>
      <button type="button" className="vendo-icon-button" aria-label={closeLabel} onClick={onClose}>
        <CloseIcon />
      </button>
    </div>
  );
}
