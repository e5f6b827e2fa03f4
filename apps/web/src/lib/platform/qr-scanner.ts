import { QR_SCAN_DELAY_MS } from '@vendo/core';

export type ScanProblem = 'camera_denied' | 'camera_missing' | 'camera_failed';

export interface Scan {
  stop(): void;
}

/**
 * Scans QR codes from the camera into a video element. @zxing/browser is
 * imported here only, and this module is loaded only when the member opens the
 * camera, so the scanner never weighs on the first load.
 */
export async function startQrScan(
  video: HTMLVideoElement,
  onText: (text: string) => void,
  onProblem: (problem: ScanProblem) => void,
): Promise<Scan> {
  const { BrowserQRCodeReader } = await import('@zxing/browser');
  const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: QR_SCAN_DELAY_MS });
  try {
    const controls = await reader.decodeFromVideoDevice(undefined, video, (result, _, scanControls) => {
      if (!result) return;
      scanControls.stop();
      onText(result.getText());
    });
    return { stop: () => controls.stop() };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    onProblem(
      name === 'NotAllowedError' ? 'camera_denied' : name === 'NotFoundError' ? 'camera_missing' : 'camera_failed',
    );
    return { stop: () => {} };
  }
}

/** Spec §5: scanning works only on supported browsers; on iOS only Safari may use the camera. */
export function scanSupport(userAgent: string, hasCamera: boolean): 'supported' | 'ios_needs_safari' | 'unsupported' {
  const ios = /iPhone|iPad|iPod/.test(userAgent);
  if (ios && /CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(userAgent)) return 'ios_needs_safari';
  return hasCamera ? 'supported' : 'unsupported';
}
