/**
 * Port: starts the invoice-processing workflow for one stored file. In the cloud an object-created event
 * starts it (EventBridge → Step Functions) and reprocessing calls StartExecution; locally the same ASL
 * runs in-process under aws-local-stepfunctions. The runtime registers its adapter at start.
 */
export interface ProcessingStarter {
  start(input: {
    orgId: string;
    invoiceId: string;
    objectKey: string;
    bucket: string;
    reason: 'upload' | 'reprocess';
  }): Promise<void>;
}
