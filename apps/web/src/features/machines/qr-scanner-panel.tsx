import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Modal, Notice } from '@vendo/ui';
import { useEffect, useRef, useState } from 'react';
import { usePlatform } from '../../lib/platform/platform.tsx';
import { type ScanProblem, scanSupport } from '../../lib/platform/qr-scanner.ts';
import { scanProblemMessages } from './machine-messages.ts';

/** The camera view that reads a machine's QR code; loaded only when the member opens it (spec §5). */
export default function QrScannerPanel({ onText, onClose }: { onText(text: string): void; onClose(): void }) {
  const { t, i18n } = useLingui();
  const { qrScanner } = usePlatform();
  const video = useRef<HTMLVideoElement>(null);
  const support = scanSupport(navigator.userAgent, Boolean(navigator.mediaDevices?.getUserMedia));
  const [problem, setProblem] = useState<ScanProblem | null>(null);
  useEffect(() => {
    if (support !== 'supported' || !video.current) return;
    let stopped = false;
    let stop = () => {};
    void qrScanner(video.current, onText, setProblem).then((scan) => {
      if (stopped) scan.stop();
      else stop = scan.stop;
    });
    return () => {
      stopped = true;
      stop();
    };
  }, [support, onText, qrScanner]);
  const message =
    support !== 'supported' ? scanProblemMessages[support] : problem ? scanProblemMessages[problem] : null;
  return (
    <Modal open title={t`Scan the machine's QR code`} closeLabel={t`Close`} onClose={onClose}>
      {message ? (
        <Notice tone="warning">{i18n._(message)}</Notice>
      ) : (
        <>
          <video ref={video} className="vendo-scanner" muted playsInline aria-label={t`Camera`} />
          <p>
            <Trans>Point the camera at the QR code on the machine.</Trans>
          </p>
        </>
      )}
      <Button variant="secondary" width="full" onClick={onClose}>
        <Trans>Type the ID instead</Trans>
      </Button>
    </Modal>
  );
}
