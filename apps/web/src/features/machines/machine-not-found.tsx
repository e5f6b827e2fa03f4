import { Trans, useLingui } from '@lingui/react/macro';
import { Modal } from '@vendo/ui';

/** Spec §2/§8: the Machine not found modal of machine selection and of an address naming a machine. */
export function MachineNotFound({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal open={open} title={t`Machine not found`} closeLabel={t`Close`} onClose={onClose}>
      <p>
        <Trans>We could not find that machine. Check the ID on the machine's screen and try again.</Trans>
      </p>
    </Modal>
  );
}
