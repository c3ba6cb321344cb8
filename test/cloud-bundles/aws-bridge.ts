import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a bundle asked of the SQS and Step Functions APIs (the local runtime calls neither). */
export interface BridgeCalls {
  sent: { queueUrl: string; body: string; delaySeconds: number }[];
  started: { stateMachineArn: string; name: string; input: string }[];
}

export interface AwsBridge {
  endpoint: string;
  calls: BridgeCalls;
  stop(): Promise<void>;
}

/**
 * The SQS and Step Functions JSON APIs (the actions the functions call: SendMessage, StartExecution) for
 * bundles running outside the local runtime. In-process, the local runtime registers its durable queue and
 * its workflow runner instead of calling these APIs (adapters/sqs/queues.ts, adapters/workflow); a bundle
 * in its own process has only the SDK, so this endpoint hands what it receives to the same two places.
 */
export async function startAwsBridge(targets: {
  send: (queueUrl: string, body: string, delaySeconds: number) => Promise<void>;
  start: (input: string) => Promise<void>;
}): Promise<AwsBridge> {
  const calls: BridgeCalls = { sent: [], started: [] };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const target = String(req.headers['x-amz-target'] ?? '');
    const answer = (status: number, body: unknown, type = 'application/x-amz-json-1.0') => {
      res.writeHead(status, { 'content-type': type });
      res.end(JSON.stringify(body));
    };
    try {
      const input = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      if (target === 'AmazonSQS.SendMessage') {
        const delaySeconds = Number(input.DelaySeconds ?? 0);
        calls.sent.push({ queueUrl: input.QueueUrl, body: input.MessageBody, delaySeconds });
        await targets.send(input.QueueUrl, input.MessageBody, delaySeconds);
        // The SDK checks the body's MD5 against the answer.
        const md5 = createHash('md5').update(input.MessageBody).digest('hex');
        return answer(200, { MessageId: randomUUID(), MD5OfMessageBody: md5 });
      }
      if (target === 'AWSStepFunctions.StartExecution') {
        calls.started.push({ stateMachineArn: input.stateMachineArn, name: input.name, input: input.input });
        await targets.start(input.input);
        const executionArn = `${String(input.stateMachineArn).replace(':stateMachine:', ':execution:')}:${input.name}`;
        return answer(200, { executionArn, startDate: Date.now() / 1000 });
      }
      return answer(400, { __type: 'UnknownOperationException', message: `No ${target} here` });
    } catch (error) {
      return answer(500, { __type: 'InternalFailure', message: String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    calls,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
