// Handshake and payload crypto (§8): CSPRNG key pairs, key checks, the noble and node:crypto
// backends agreeing byte for byte, seal/open of SEND and RECV, and every failure as a ProtocolError code.
import {
  ConnectionCrypto,
  base64Decode,
  base64DecodeBytes,
  base64Encode,
  cryptoRandomBytes,
  decodePublicKey,
  generateKeyPair,
  keyPairFromPrivateKey,
  nobleBackend,
  sharedSecret,
  type CryptoBackend,
} from "#protocol";
import { cbc } from "@noble/ciphers/aes.js";
import { nodeCryptoBackend } from "../../support/protocol/nodeCryptoBackend";
import { VECTOR, utf8 } from "../../support/protocol/protocolFixtures";
import fc from "fast-check";
import {
  bytes,
  i32,
  i64,
  text,
  u32,
  u8,
} from "../../support/protocol/fieldArbitraries";
import { Prng } from "../../support/protocol/prng";
import { codeOf } from "../../support/protocol/decodeHelpers";

const BACKENDS: CryptoBackend[] = [nobleBackend, nodeCryptoBackend];
const setting = {
  receipt: false,
  signal: false,
  noEncrypt: false,
  stream: false,
  legacyStream: false,
};
const flags = { dup: false, syncOnce: false, redDot: true, noPersist: false };

describe("key pairs", () => {
  test.each(BACKENDS)(
    "generateKeyPair($name) uses the CSPRNG, never Math.random",
    (backend) => {
      const spy = vi.spyOn(Math, "random").mockImplementation(() => {
        throw new Error("Math.random must not be used for keys");
      });
      try {
        const a = generateKeyPair(backend);
        const b = generateKeyPair(backend);
        expect(a.privateKey).toHaveLength(32);
        expect(a.publicKeyBase64).toHaveLength(44);
        expect(a.privateKey).not.toEqual(b.privateKey);
        expect(base64Decode(a.publicKeyBase64)).toEqual(a.publicKey);
      } finally {
        spy.mockRestore();
      }
    },
  );

  test("cryptoRandomBytes fills large requests in 64 KiB chunks", () => {
    const r = cryptoRandomBytes(200_000);
    expect(r).toHaveLength(200_000);
    expect(r.subarray(150_000, 150_064).some((b) => b !== 0)).toBe(true);
  });

  test("both backends derive the same public keys and shared secrets for random keys", () => {
    for (let i = 0; i < 20; i++) {
      const a = generateKeyPair(nobleBackend);
      const b = generateKeyPair(nodeCryptoBackend);
      expect(
        keyPairFromPrivateKey(a.privateKey, nodeCryptoBackend).publicKeyBase64,
      ).toBe(a.publicKeyBase64);
      expect(
        keyPairFromPrivateKey(b.privateKey, nobleBackend).publicKeyBase64,
      ).toBe(b.publicKeyBase64);
      const ab = sharedSecret(a.privateKey, b.publicKeyBase64, nobleBackend);
      expect(
        sharedSecret(b.privateKey, a.publicKeyBase64, nodeCryptoBackend),
      ).toEqual(ab);
    }
  });

  test("node:crypto keeps no wrong key: interleaved and reused private keys agree with noble", () => {
    const a = generateKeyPair(nobleBackend);
    const b = generateKeyPair(nobleBackend);
    const peer = generateKeyPair(nobleBackend).publicKey;
    // A key that differs from `a` in one byte only (still clamped).
    const nearA = a.privateKey.slice();
    nearA[5] = (nearA[5] as number) ^ 1;
    for (const key of [
      a.privateKey,
      b.privateKey,
      a.privateKey,
      a.privateKey,
      nearA,
      a.privateKey,
    ]) {
      expect(nodeCryptoBackend.x25519(key, peer)).toEqual(
        nobleBackend.x25519(key, peer),
      );
      expect(nodeCryptoBackend.x25519PublicKey(key)).toEqual(
        nobleBackend.x25519PublicKey(key),
      );
    }
  });

  test.each(BACKENDS)(
    "BAD_KEY on $name: wrong sizes, bad base64, low-order points",
    (backend) => {
      expect(
        codeOf(() => keyPairFromPrivateKey(new Uint8Array(31), backend)),
      ).toBe("BAD_KEY");
      expect(codeOf(() => decodePublicKey("not base64!"))).toBe("BAD_KEY");
      expect(
        codeOf(() => decodePublicKey(base64Encode(new Uint8Array(31)))),
      ).toBe("BAD_KEY");
      expect(
        codeOf(() => decodePublicKey(base64Encode(new Uint8Array(33)))),
      ).toBe("BAD_KEY");
      const priv = generateKeyPair(backend).privateKey;
      expect(
        codeOf(() =>
          sharedSecret(priv, base64Encode(new Uint8Array(32)), backend),
        ),
      ).toBe("BAD_KEY");
      const one = new Uint8Array(32);
      one[0] = 1;
      expect(codeOf(() => sharedSecret(priv, base64Encode(one), backend))).toBe(
        "BAD_KEY",
      );
    },
  );
});

describe.each(BACKENDS)("ConnectionCrypto on $name", (backend) => {
  const keys = { aesKey: VECTOR.aesKey, aesIV: VECTOR.aesIV };

  test("a client and a server session from a real key exchange agree", () => {
    const client = generateKeyPair(backend);
    const server = generateKeyPair(backend);
    const salt = "Zz09Zz09Zz09Zz09";
    const c = ConnectionCrypto.fromKeyExchange(
      {
        privateKey: client.privateKey,
        peerPublicKey: server.publicKeyBase64,
        salt,
      },
      backend,
    );
    const s = ConnectionCrypto.fromKeyExchange(
      {
        privateKey: server.privateKey,
        peerPublicKey: client.publicKeyBase64,
        salt,
      },
      backend,
    );
    expect(c.aesKey).toMatch(/^[0-9a-f]{16}$/);
    expect([c.aesKey, c.aesIV]).toEqual([s.aesKey, s.aesIV]);
    const plain = utf8('{"content":"你好 😀","type":1}');
    const send = c.sealSend(
      {
        ...flags,
        setting,
        clientSeq: 9,
        clientMsgNo: "x_0_3",
        channelID: "bob",
        channelType: 1,
      },
      plain,
    );
    expect(send.msgKey).toMatch(/^[0-9a-f]{32}$/);
    expect(s.openSend(send)).toEqual(plain);
  });

  test("BAD_KEY: keys and IVs that are not 16 ASCII characters", () => {
    expect(
      codeOf(
        () =>
          new ConnectionCrypto(
            { aesKey: "short", aesIV: VECTOR.aesIV },
            backend,
          ),
      ),
    ).toBe("BAD_KEY");
    expect(
      codeOf(
        () =>
          new ConnectionCrypto(
            { aesKey: VECTOR.aesKey, aesIV: "0123456789abcdeé" },
            backend,
          ),
      ),
    ).toBe("BAD_KEY");
    const kp = generateKeyPair(backend);
    expect(
      codeOf(() =>
        ConnectionCrypto.fromKeyExchange(
          {
            privateKey: kp.privateKey,
            peerPublicKey: VECTOR.clientKey,
            salt: "short",
          },
          backend,
        ),
      ),
    ).toBe("BAD_KEY");
  });

  test("decryptPayload failures: BAD_BASE64, partial blocks, wrong key", () => {
    const s = new ConnectionCrypto(keys, backend);
    expect(codeOf(() => s.decryptPayload(utf8("!!!!")))).toBe("BAD_BASE64");
    expect(codeOf(() => s.decryptPayload(utf8("")))).toBe("DECRYPT_FAILED");
    expect(
      codeOf(() => s.decryptPayload(utf8(base64Encode(new Uint8Array(15))))),
    ).toBe("DECRYPT_FAILED");
    const other = new ConnectionCrypto(
      { aesKey: "0000000000000000", aesIV: VECTOR.aesIV },
      backend,
    );
    expect(
      codeOf(() => other.decryptPayload(utf8(VECTOR.encryptedPayload))),
    ).toBe("DECRYPT_FAILED");
  });

  test("BAD_MSG_KEY when any signed field, the payload or the msgKey changes", () => {
    const s = new ConnectionCrypto(keys, backend);
    const plain = utf8(VECTOR.plainPayload);
    const send = s.sealSend(
      {
        ...flags,
        setting,
        clientSeq: 1,
        clientMsgNo: "m",
        channelID: "bob",
        channelType: 1,
      },
      plain,
    );
    expect(s.openSend(send)).toEqual(plain);
    expect(codeOf(() => s.openSend({ ...send, clientSeq: 2 }))).toBe(
      "BAD_MSG_KEY",
    );
    expect(codeOf(() => s.openSend({ ...send, channelID: "bot" }))).toBe(
      "BAD_MSG_KEY",
    );
    expect(
      codeOf(() => s.openSend({ ...send, msgKey: send.msgKey.toUpperCase() })),
    ).toBe("BAD_MSG_KEY");
    const payload = send.payload.slice();
    payload[0] = payload[0] === 0x41 ? 0x42 : 0x41;
    expect(codeOf(() => s.openSend({ ...send, payload }))).toBe("BAD_MSG_KEY");

    const recv = s.sealRecv(
      {
        ...flags,
        setting,
        fromUID: "a",
        channelID: "b",
        channelType: 2,
        clientMsgNo: "m",
        messageID: -5n,
        messageSeq: 3,
        timestamp: 4,
      },
      plain,
    );
    expect(s.openRecv(recv)).toEqual(plain);
    expect(codeOf(() => s.openRecv({ ...recv, messageSeq: 4 }))).toBe(
      "BAD_MSG_KEY",
    );
    expect(codeOf(() => s.openRecv({ ...recv, fromUID: "z" }))).toBe(
      "BAD_MSG_KEY",
    );
  });
});

test("noble and node:crypto give identical ciphertexts and msgKeys for 300 random messages", () => {
  const n = new ConnectionCrypto(
    { aesKey: "k".repeat(16), aesIV: "0123456789abcdef" },
    nobleBackend,
  );
  const o = new ConnectionCrypto(
    { aesKey: "k".repeat(16), aesIV: "0123456789abcdef" },
    nodeCryptoBackend,
  );
  const message = fc.record({
    content: text(600),
    clientSeq: u32,
    clientMsgNo: text(),
    channelID: text(),
    channelType: u8,
    messageID: i64,
    messageSeq: u32,
    timestamp: i32,
    fromUID: text(),
  });
  fc.assert(
    fc.property(message, ({ content, ...m }) => {
      const plain = utf8(JSON.stringify({ content, type: 1 }));
      const payload = n.encryptPayload(plain);
      expect(o.encryptPayload(plain)).toEqual(payload);
      expect(o.decryptPayload(payload)).toEqual(plain);
      const { clientSeq, clientMsgNo, channelID, channelType } = m;
      const sign = { clientSeq, clientMsgNo, channelID, channelType, payload };
      expect(o.sendMsgKey(sign)).toBe(n.sendMsgKey(sign));
      const rs = { ...m, payload };
      expect(o.recvMsgKey(rs)).toBe(n.recvMsgKey(rs));
    }),
    { seed: 2024, numRuns: 300 },
  );
});

describe("base64", () => {
  test("matches Buffer for random lengths, both ways", () => {
    const r = new Prng(5);
    for (let len = 0; len < 200; len++) {
      const b = r.bytes(len);
      const text = Buffer.from(b).toString("base64");
      expect(base64Encode(b)).toBe(text);
      expect(base64Decode(text)).toEqual(b);
      expect(base64DecodeBytes(utf8(text))).toEqual(b);
    }
  });

  test.each([
    "abc",
    "ab=c",
    "a===",
    "YQ",
    "YR==",
    "YWJ=",
    "ab\u00e9d",
    "YW Jj",
  ])("BAD_BASE64: %j", (text) => {
    expect(codeOf(() => base64Decode(text))).toBe("BAD_BASE64");
  });
});

describe("AES-CBC implementations agree", () => {
  test("nobleBackend's cached-schedule CBC = @noble/ciphers cbc() for random keys, IVs and lengths", () => {
    const block = fc.uint8Array({ minLength: 16, maxLength: 16 });
    const cases = fc.tuple(block, block, bytes(100));
    fc.assert(
      fc.property(cases, ([key, iv, plain]) => {
        const expected = cbc(key, iv).encrypt(plain);
        expect(nobleBackend.aesCbcEncrypt(key, iv, plain)).toEqual(expected);
        // an unaligned view of the ciphertext decrypts too
        const shifted = new Uint8Array(expected.length + 3);
        shifted.set(expected, 3);
        expect(
          nobleBackend.aesCbcDecrypt(key, iv, shifted.subarray(3)),
        ).toEqual(plain);
        expect(nodeCryptoBackend.aesCbcEncrypt(key, iv, plain)).toEqual(
          expected,
        );
        expect(nodeCryptoBackend.aesCbcDecrypt(key, iv, expected)).toEqual(
          plain,
        );
      }),
      { seed: 77, numRuns: 400 },
    );
  });

  test.each(BACKENDS)(
    "$name: a key array refilled with new bytes is not served a stale schedule",
    (backend) => {
      const key = new Uint8Array(16).fill(1);
      const iv = new Uint8Array(16).fill(2);
      const plain = utf8("same plaintext");
      const first = backend.aesCbcEncrypt(key, iv, plain);
      key.fill(3);
      expect(backend.aesCbcEncrypt(key, iv, plain)).toEqual(
        cbc(key, iv).encrypt(plain),
      );
      expect(backend.aesCbcEncrypt(key, iv, plain)).not.toEqual(first);
    },
  );

  test.each(BACKENDS)(
    "$name: interleaved sessions and a failed decryption leave later results exact",
    (backend) => {
      const key = utf8("k".repeat(16));
      const ivA = utf8("a".repeat(16));
      const ivB = utf8("b".repeat(16));
      const r = new Prng(3);
      for (let i = 0; i < 50; i++) {
        const plain = r.bytes(r.int(0, 64));
        const iv = i % 2 === 0 ? ivA : ivB;
        const c = backend.aesCbcEncrypt(key, iv, plain);
        expect(c).toEqual(cbc(key, iv).encrypt(plain));
        if (i % 7 === 0) {
          const garbage = cbc(key, iv)
            .encrypt(new Uint8Array(16).fill(0x20), new Uint8Array(32))
            .slice(0, 16);
          expect(() => backend.aesCbcDecrypt(key, iv, garbage)).toThrow();
        }
        expect(backend.aesCbcDecrypt(key, iv, c)).toEqual(plain);
      }
    },
  );

  test("node:crypto: a bound session cipher gives the stateless bytes, message after message", () => {
    const key = utf8("k".repeat(16));
    const iv = utf8("i".repeat(16));
    const bound = nodeCryptoBackend.bindAesCbc?.(key, iv);
    if (bound === undefined) throw new Error("node:crypto binds a cipher");
    const r = new Prng(11);
    for (let i = 0; i < 2_000; i++) {
      const plain = r.bytes(r.int(0, 80));
      const c = bound.encrypt(plain);
      expect(c).toEqual(cbc(key, iv).encrypt(plain));
      if (i % 13 === 0) {
        const garbage = cbc(key, iv, { disablePadding: true }).encrypt(
          new Uint8Array(16).fill(0x11),
        );
        expect(() => bound.decrypt(garbage)).toThrow();
        expect(() => bound.decrypt(new Uint8Array(15))).toThrow();
      }
      expect(bound.decrypt(c)).toEqual(plain);
    }
  });

  test("node:crypto: binding refuses keys and IVs that are not 16 bytes", () => {
    expect(() =>
      nodeCryptoBackend.bindAesCbc?.(new Uint8Array(15), new Uint8Array(16)),
    ).toThrow("16-byte");
    expect(() =>
      nodeCryptoBackend.bindAesCbc?.(new Uint8Array(16), new Uint8Array(32)),
    ).toThrow("16-byte");
  });

  test.each(BACKENDS)(
    "$name: bad padding and partial blocks throw",
    (backend) => {
      const key = new Uint8Array(16);
      const iv = new Uint8Array(16);
      const noPad = cbc(key, iv, { disablePadding: true }).encrypt(
        new Uint8Array(16).fill(0x11),
      );
      expect(() => backend.aesCbcDecrypt(key, iv, noPad)).toThrow();
      expect(() =>
        backend.aesCbcDecrypt(key, iv, new Uint8Array(15)),
      ).toThrow();
      expect(() => backend.aesCbcDecrypt(key, iv, new Uint8Array(0))).toThrow();
    },
  );
});
