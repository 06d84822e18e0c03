// Weight arrays travel inside the JSON model as base64 strings: compact, exact, and parsed back to the very
// same numbers, so a stored model predicts exactly like the one that was trained.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const CODES = Uint8Array.from(ALPHABET, (letter) => letter.charCodeAt(0));
const PAD = '='.charCodeAt(0);
const ascii = new TextDecoder();

// Encoded into a byte array and decoded as ASCII in one go: building a binary string for btoa cost most of the
// serialisation time of a large model (String.fromCharCode over megabytes).
function bytesToBase64(bytes: Uint8Array): string {
  const output = new Uint8Array(Math.ceil(bytes.length / 3) * 4);
  let cursor = 0;
  for (let start = 0; start < bytes.length; start += 3) {
    const first = bytes[start] ?? 0;
    const second = bytes[start + 1] ?? 0;
    const third = bytes[start + 2] ?? 0;
    const group = (first << 16) | (second << 8) | third;
    output[cursor++] = CODES[group >> 18] ?? PAD;
    output[cursor++] = CODES[(group >> 12) & 63] ?? PAD;
    output[cursor++] = start + 1 < bytes.length ? (CODES[(group >> 6) & 63] ?? PAD) : PAD;
    output[cursor++] = start + 2 < bytes.length ? (CODES[group & 63] ?? PAD) : PAD;
  }
  return ascii.decode(output);
}

function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export function encodeFloats(values: Float32Array): string {
  return bytesToBase64(new Uint8Array(values.buffer, values.byteOffset, values.byteLength));
}

export function decodeFloats(text: string): Float32Array {
  const bytes = base64ToBytes(text);
  return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
}

export function encodeInts(values: Int32Array): string {
  return bytesToBase64(new Uint8Array(values.buffer, values.byteOffset, values.byteLength));
}

export function decodeInts(text: string): Int32Array {
  const bytes = base64ToBytes(text);
  return new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
}

/** Int8 quantisation with one scale per row of `width` values: a quarter of the bytes of float32. */
export interface QuantizedRows {
  width: number;
  scales: string;
  values: string;
}

export function quantizeRows(values: Float32Array, width: number): QuantizedRows {
  const rows = values.length / width;
  const scales = new Float32Array(rows);
  const quantized = new Int8Array(values.length);
  for (let row = 0; row < rows; row++) {
    let largest = 0;
    for (let column = 0; column < width; column++) {
      largest = Math.max(largest, Math.abs(values[row * width + column] ?? 0));
    }
    const scale = largest / 127 || 1;
    scales[row] = scale;
    for (let column = 0; column < width; column++) {
      quantized[row * width + column] = Math.round((values[row * width + column] ?? 0) / scale);
    }
  }
  return {
    width,
    scales: encodeFloats(scales),
    values: bytesToBase64(new Uint8Array(quantized.buffer)),
  };
}

export function dequantizeRows(encoded: QuantizedRows): Float32Array {
  const scales = decodeFloats(encoded.scales);
  const bytes = base64ToBytes(encoded.values);
  const quantized = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const values = new Float32Array(quantized.length);
  for (let index = 0; index < quantized.length; index++) {
    values[index] = (quantized[index] ?? 0) * (scales[Math.floor(index / encoded.width)] ?? 0);
  }
  return values;
}
