/** Site backups in the admin (spec 01 §2, §3 'Backup', §4, §8): the detail's summary, the request, the download page. */
export { SiteBackups } from './SiteBackups';
export { BackupDownloadPage } from './BackupDownloadPage';
export { useRequestBackup } from './useRequestBackup';
