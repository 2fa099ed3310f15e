// IM_DEVICE_LEVEL: unset keeps the default (slave), master/slave in any case, anything else is a
// configuration error naming the variable; the connection and send caps (#19) are whole numbers ≥ 1.
import { DeviceLevel } from "#protocol";
import { ConfigError } from "../../../server/config/appConfig";
import { imOptionsFromEnv } from "../../../server/im/imEnv";

describe("imOptionsFromEnv", () => {
  it("reads IM_DEVICE_LEVEL", () => {
    expect(imOptionsFromEnv({})).toEqual({});
    expect(imOptionsFromEnv({ IM_DEVICE_LEVEL: " " })).toEqual({});
    expect(imOptionsFromEnv({ IM_DEVICE_LEVEL: "Master" })).toEqual({
      deviceLevel: DeviceLevel.MASTER,
    });
    expect(imOptionsFromEnv({ IM_DEVICE_LEVEL: "slave" })).toEqual({
      deviceLevel: DeviceLevel.SLAVE,
    });
  });

  it("refuses other values", () => {
    expect(() => imOptionsFromEnv({ IM_DEVICE_LEVEL: "boss" })).toThrow(
      ConfigError,
    );
    expect(() => imOptionsFromEnv({ IM_DEVICE_LEVEL: "boss" })).toThrow(
      /IM_DEVICE_LEVEL/,
    );
  });

  it("[#19] reads the connection and send caps as whole numbers from 1", () => {
    expect(
      imOptionsFromEnv({
        IM_MAX_HANDSHAKES_PER_IP: "64",
        IM_MAX_CONNECTIONS_PER_ACCOUNT: " 3 ",
        IM_ACCOUNT_SEND_RATE: "20",
        IM_ACCOUNT_SEND_BURST: "40",
      }),
    ).toEqual({
      maxHandshakesPerIp: 64,
      maxConnectionsPerAccount: 3,
      accountSendRatePerSecond: 20,
      accountSendBurst: 40,
    });
    for (const bad of ["0", "-1", "1.5", "1e3", "0x10", "many", "1000001"])
      expect(() =>
        imOptionsFromEnv({ IM_MAX_CONNECTIONS_PER_ACCOUNT: bad }),
      ).toThrow(/IM_MAX_CONNECTIONS_PER_ACCOUNT/);
  });
});
