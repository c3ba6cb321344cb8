import busboy from 'busboy';

/** One part of a multipart/form-data body: a file (with its name) or a field. */
export interface Part {
  name: string;
  filename?: string;
  mimeType: string;
  data: Buffer;
}

/** The parts of a multipart/form-data body in order (busboy), or an error when it cannot be read. */
export function multipartParts(contentType: string, raw: Buffer): Promise<Part[] | { error: string }> {
  return new Promise((resolve) => {
    const parts: Part[] = [];
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { 'content-type': contentType } });
    } catch (error) {
      resolve({ error: (error as Error).message });
      return;
    }
    parser.on('file', (name, stream, info) => {
      const part: Part = { name, filename: info.filename, mimeType: info.mimeType, data: Buffer.alloc(0) };
      parts.push(part);
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        part.data = Buffer.concat(chunks);
      });
    });
    parser.on('field', (name, value) =>
      parts.push({ name, mimeType: 'text/plain', data: Buffer.from(value) }),
    );
    parser.on('error', (error) => resolve({ error: (error as Error).message }));
    parser.on('close', () => resolve(parts));
    parser.end(raw);
  });
}
