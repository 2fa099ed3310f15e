// §8.6 and §5 fixture vectors, byte for byte: decode, encode and round trip for every listed frame
// and version, plus the key, AES and msgKey values of the test vector on both crypto backends.
import {
  FrameDecoder,
  ConnectionCrypto,
  base64Encode,
  decodeFrame,
  deriveConnectionKeys,
  encodeFrame,
  keyPairFromPrivateKey,
  nobleBackend,
  sharedSecret,
  toHex,
  type CryptoBackend,
  type RecvFrame,
  type SendFrame,
} from "#protocol";
import { md5 } from "@noble/hashes/legacy.js";
import { nodeCryptoBackend } from "../../support/protocol/nodeCryptoBackend";
import {
  FRAME_FIXTURES,
  SHEET_FRAMES,
  VECTOR,
  hex,
  toHexString,
  utf8,
} from "../../support/protocol/protocolFixtures";

describe("frame fixtures (§5, §8.6)", () => {
  for (const fx of FRAME_FIXTURES) {
    for (const v of fx.versions) {
      test(`${fx.name} at v${v}: decode, encode, round trip`, () => {
        expect(decodeFrame(fx.bytes, v)).toEqual(fx.frame);
        expect(toHexString(encodeFrame(fx.frame, v))).toBe(
          toHexString(fx.bytes),
        );
        expect(decodeFrame(encodeFrame(fx.frame, v), v)).toEqual(fx.frame);
        expect(new FrameDecoder({ version: v }).push(fx.bytes)).toEqual([
          fx.frame,
        ]);
      });
    }
  }

  test("the annotated fixtures equal the sheet's hex runs", () => {
    const byName = (n: string) =>
      toHexString(FRAME_FIXTURES.find((f) => f.name.startsWith(n))!.bytes);
    expect(byName("SEND v2")).toBe(SHEET_FRAMES.sendV2);
    expect(byName("SEND v4")).toBe(SHEET_FRAMES.sendV4);
    expect(byName("CONNACK v2")).toBe(SHEET_FRAMES.connackV2);
    expect(byName("CONNACK v4")).toBe(SHEET_FRAMES.connackV4);
    expect(byName("RECV v2")).toBe(SHEET_FRAMES.recvV2);
    expect(byName("RECV v4")).toBe(SHEET_FRAMES.recvV4);
    expect(byName("SENDACK")).toBe(SHEET_FRAMES.sendack);
    expect(byName("RECVACK")).toBe(SHEET_FRAMES.recvack);
    expect(byName("DISCONNECT")).toBe(SHEET_FRAMES.disconnect);
  });

  test("a v2 SEND is not a v4 SEND: the expire field shifts the layout (§5.3)", () => {
    expect(() => decodeFrame(hex(SHEET_FRAMES.sendV2), 4)).toThrow(
      expect.objectContaining({ code: "TRUNCATED" }),
    );
  });
});

describe.each<CryptoBackend>([nobleBackend, nodeCryptoBackend])(
  "§8.6 crypto vector on $name",
  (backend) => {
    const clientSeed = utf8(VECTOR.clientSeedAscii);
    const serverPrivate = hex(VECTOR.serverPrivateHex);

    test("key pairs from the ASCII seed (clamped like curve25519-js) and the server private key", () => {
      const client = keyPairFromPrivateKey(clientSeed, backend);
      const server = keyPairFromPrivateKey(serverPrivate, backend);
      expect(client.publicKeyBase64).toBe(VECTOR.clientKey);
      expect(server.publicKeyBase64).toBe(VECTOR.serverKey);
      // curve25519-js clamps the returned private key: bits 0-2 cleared, bit 255 cleared, bit 254 set.
      expect(client.privateKey[0]).toBe(0x30 & 248);
      expect(client.privateKey[31]).toBe((0x66 & 127) | 64);
      expect(clientSeed[0]).toBe(0x30); // the caller's seed is not modified
    });

    test("shared secret, md5 text, aesKey and aesIV from both sides", () => {
      const client = keyPairFromPrivateKey(clientSeed, backend);
      const server = keyPairFromPrivateKey(serverPrivate, backend);
      expect(
        base64Encode(
          sharedSecret(client.privateKey, VECTOR.serverKey, backend),
        ),
      ).toBe(VECTOR.sharedBase64);
      expect(
        base64Encode(
          sharedSecret(server.privateKey, VECTOR.clientKey, backend),
        ),
      ).toBe(VECTOR.sharedBase64);
      expect(toHex(md5(utf8(VECTOR.sharedBase64)))).toBe(VECTOR.md5HexOfShared);
      const fromClient = deriveConnectionKeys(
        {
          privateKey: client.privateKey,
          peerPublicKey: VECTOR.serverKey,
          salt: VECTOR.salt,
        },
        backend,
      );
      const fromServer = deriveConnectionKeys(
        {
          privateKey: server.privateKey,
          peerPublicKey: VECTOR.clientKey,
          salt: VECTOR.salt,
        },
        backend,
      );
      expect(fromClient).toEqual({
        aesKey: VECTOR.aesKey,
        aesIV: VECTOR.aesIV,
      });
      expect(fromServer).toEqual(fromClient);
    });

    test("a longer salt is cut to 16 characters (§8.2)", () => {
      const keys = deriveConnectionKeys(
        {
          privateKey: serverPrivate,
          peerPublicKey: VECTOR.clientKey,
          salt: VECTOR.salt + "XYZ",
        },
        backend,
      );
      expect(keys.aesIV).toBe(VECTOR.aesIV);
    });

    const session = () =>
      new ConnectionCrypto(
        { aesKey: VECTOR.aesKey, aesIV: VECTOR.aesIV },
        backend,
      );

    test("payload encryption and decryption", () => {
      const s = session();
      expect(
        new TextDecoder().decode(s.encryptPayload(utf8(VECTOR.plainPayload))),
      ).toBe(VECTOR.encryptedPayload);
      expect(
        new TextDecoder().decode(
          s.decryptPayload(utf8(VECTOR.encryptedPayload)),
        ),
      ).toBe(VECTOR.plainPayload);
    });

    test("SEND and RECV msgKey", () => {
      const s = session();
      const payload = utf8(VECTOR.encryptedPayload);
      expect(s.sendMsgKey({ ...VECTOR.send, payload })).toBe(
        VECTOR.send.msgKey,
      );
      expect(s.recvMsgKey({ ...VECTOR.recv, payload })).toBe(
        VECTOR.recv.msgKey,
      );
    });

    test("sealSend/sealRecv build the sheet's frames byte for byte; openSend/openRecv reverse them", () => {
      const s = session();
      const plain = utf8(VECTOR.plainPayload);
      const flags = {
        dup: false,
        syncOnce: false,
        redDot: true,
        noPersist: false,
      };
      const setting = {
        receipt: false,
        signal: false,
        noEncrypt: false,
        stream: false,
        legacyStream: false,
      };
      const { msgKey: _sk, ...sendFields } = VECTOR.send;
      const send: SendFrame = s.sealSend(
        { ...flags, setting, ...sendFields },
        plain,
      );
      expect(toHexString(encodeFrame(send, 2))).toBe(SHEET_FRAMES.sendV2);
      expect(toHexString(encodeFrame(send, 4))).toBe(SHEET_FRAMES.sendV4);
      expect(
        s.openSend(decodeFrame(hex(SHEET_FRAMES.sendV4), 4) as SendFrame),
      ).toEqual(plain);

      const { msgKey: _rk, ...recvFields } = VECTOR.recv;
      const recv: RecvFrame = s.sealRecv(
        { ...flags, setting, ...recvFields },
        plain,
      );
      expect(toHexString(encodeFrame(recv, 2))).toBe(SHEET_FRAMES.recvV2);
      expect(toHexString(encodeFrame(recv, 4))).toBe(SHEET_FRAMES.recvV4);
      expect(
        s.openRecv(decodeFrame(hex(SHEET_FRAMES.recvV2), 2) as RecvFrame),
      ).toEqual(plain);
    });
  },
);
