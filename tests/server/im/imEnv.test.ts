// IM_DEVICE_LEVEL: unset keeps the default (slave), master/slave in any case, anything else is a
// configuration error naming the variable.
import { DeviceLevel } from "#protocol";
import { ConfigError } from "../../../server/config";
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
});
