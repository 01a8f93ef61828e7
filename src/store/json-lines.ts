import type { Entity } from './types.js';

/** Bytes of the buffers entity lines are packed into. */
export const LINES_BUFFER = 1 << 20;

const COMMA = 0x2c;
const NEWLINE = 0x0a;

/**
 * Packs entities as JSON, one per line, separated by `,\n` (the body of a snapshot collection's array),
 * into buffers of about `size` bytes, handing each full buffer to `flush`.
 *
 * Each entity's text is encoded straight into the buffer: joining lines into one string and
 * `Buffer.from`-ing it cost three times as much as `JSON.stringify` itself (the joined string is copied,
 * flattened, then encoded), and most of a 100k-contact snapshot write went there.
 */
export class JsonLinesEncoder {
  private buffer: Buffer;
  private used = 0;
  /** Entities written so far. */
  count = 0;

  /**
   * `flush` gets the used part of a full buffer; it owns it from then on when `reuse` is false (the
   * default), otherwise it must be done with it before it returns, as the encoder writes over it next.
   */
  constructor(
    private readonly flush: (bytes: Buffer) => void,
    private readonly size = LINES_BUFFER,
    private readonly reuse = false,
  ) {
    this.buffer = Buffer.allocUnsafe(size);
  }

  /** Bytes written but not flushed yet. */
  get pending(): number {
    return this.used;
  }

  /** Appends one entity's line (after a `,\n` unless it is the first). */
  write(entity: Entity): void {
    this.writeJson(JSON.stringify(entity));
  }

  /** Appends one line of JSON text already serialised. */
  writeJson(json: string): void {
    // UTF-8 takes at most 3 bytes per UTF-16 unit: the line always fits once the buffer is flushed.
    const room = json.length * 3 + 2;
    if (this.used + room > this.buffer.length) {
      this.end();
      if (room > this.buffer.length) this.buffer = Buffer.allocUnsafe(room);
    }
    if (this.count > 0) {
      this.buffer[this.used++] = COMMA;
      this.buffer[this.used++] = NEWLINE;
    }
    this.used += this.buffer.write(json, this.used);
    this.count++;
  }

  /** Hands what is buffered to `flush` (nothing when empty). */
  end(): void {
    if (this.used === 0) return;
    const bytes = this.buffer.subarray(0, this.used);
    this.used = 0;
    if (!this.reuse || this.buffer.length > this.size) this.buffer = Buffer.allocUnsafe(this.size);
    this.flush(bytes);
  }
}

/** The JSON array of `entities`, one per line (`[\n…\n]`, `[\n]` when empty), in buffers of ~1 MiB. */
export function* entityArrayPieces(entities: readonly Entity[]): Generator<Buffer> {
  if (entities.length === 0) {
    yield Buffer.from('[\n]');
    return;
  }
  const out: Buffer[] = [Buffer.from('[\n')];
  const encoder = new JsonLinesEncoder((bytes) => out.push(bytes));
  for (const entity of entities) {
    encoder.write(entity);
    if (out.length > 0) yield* out.splice(0);
  }
  encoder.end();
  yield* out.splice(0);
  yield Buffer.from('\n]');
}
