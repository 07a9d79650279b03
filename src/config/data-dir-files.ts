// Files the service keeps under DATA_DIR beside the embedded cluster, named once: the service
// reads them, and a backup carries them (src/backup/data-dir-files.ts).

/** The secret purchase links are signed with, when LINK_SIGNING_SECRET is not set. */
export const LINK_SIGNING_SECRET_FILE = 'link-signing-secret';
