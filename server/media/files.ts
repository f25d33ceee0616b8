import fs from 'node:fs/promises';

/** The first bytes of a file, to decide its type (the name or declared type never counts). */
export async function headOf(file: string, length = 64): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
