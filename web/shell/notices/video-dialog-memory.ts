// When each video dialog was last shown to a user in a cloud (docs/constants.md: shown again after 24 h), kept in
// the browser's localStorage. A browser that refuses storage shows the dialogs as if never shown.

export const VIDEO_DIALOG_KINDS = ['quickStart', 'promotion'] as const;
export type VideoDialogKind = (typeof VIDEO_DIALOG_KINDS)[number];

/** Where the browser keeps when a dialog was last shown to this user in this cloud. */
export const videoDialogKey = (kind: VideoDialogKind, userId: number, cloudId: number) =>
  `console.videoDialog.${kind}.${userId}.${cloudId}`;

export function lastShownAt(kind: VideoDialogKind, userId: number, cloudId: number): number | null {
  try {
    const stored = Number(localStorage.getItem(videoDialogKey(kind, userId, cloudId)));
    return Number.isFinite(stored) && stored > 0 ? stored : null;
  } catch {
    return null;
  }
}

export function rememberShown(kind: VideoDialogKind, userId: number, cloudId: number, at: number): void {
  try {
    localStorage.setItem(videoDialogKey(kind, userId, cloudId), String(at));
  } catch {
    // Without storage the dialog shows again next visit; nothing else depends on it.
  }
}
