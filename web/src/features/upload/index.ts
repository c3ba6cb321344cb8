/** The drop zone and upload queue, also used by the dashboard's quick upload. */
export { Dropzone } from './components/dropzone';
export { type QueueItem, useUploadQueue } from './hooks/use-upload-queue';
