// The slice of WeChat's JSSDK (jweixin 1.6.0) the payment flow uses.
export interface WxConfigOptions {
  debug: boolean;
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
  jsApiList: string[];
}

export interface WxChooseWxPayOptions {
  timestamp: string;
  nonceStr: string;
  package: string;
  signType: string;
  paySign: string;
  success: () => void;
  cancel: () => void;
  fail: (result: { errMsg?: string }) => void;
}

export interface WxJssdk {
  config: (options: WxConfigOptions) => void;
  ready: (callback: () => void) => void;
  error: (callback: (result: { errMsg?: string }) => void) => void;
  chooseWXPay: (options: WxChooseWxPayOptions) => void;
}
