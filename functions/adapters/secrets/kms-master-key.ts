import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { traced } from '../observability/tracer';
import type { EncryptionContext, MasterKey } from './envelope';

/**
 * The cloud master key: GenerateDataKey and Decrypt on a customer-managed KMS key, with the organization id
 * as KMS encryption context (logged in CloudTrail, and required to decrypt). Which functions may call which
 * is decided by their IAM grants (infra/cloud: AppFunction.bindSecretsKey).
 */
export function kmsMasterKey(keyId: string, client: KMSClient = traced(new KMSClient({}))): MasterKey {
  const encryptionContext = (context: EncryptionContext) => ({ organizationId: context.organizationId });
  return {
    async generateDataKey(context) {
      const out = await client.send(
        new GenerateDataKeyCommand({
          KeyId: keyId,
          KeySpec: 'AES_256',
          EncryptionContext: encryptionContext(context),
        }),
      );
      if (!out.Plaintext || !out.CiphertextBlob) throw new Error('KMS returned no data key');
      return { plaintext: out.Plaintext, wrapped: out.CiphertextBlob };
    },
    async unwrapDataKey(wrapped, context) {
      const out = await client.send(
        new DecryptCommand({
          KeyId: keyId,
          CiphertextBlob: wrapped,
          EncryptionContext: encryptionContext(context),
        }),
      );
      if (!out.Plaintext) throw new Error('KMS returned no data key');
      return out.Plaintext;
    },
  };
}
