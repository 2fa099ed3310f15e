// Which API call a page's shell preloads (#20): the home page's and a product page's, in the locale
// of the URL, else of the locale cookie, else the default; the URL byte for byte as the tab's
// client builds it; nothing for other pages or ids the tab's route would refuse.
import { apiSearch, homeCall, productCall } from "../../../contract/pageData";
import {
  pageDataCall,
  pageDataLink,
} from "../../../server/http/pageDataPreload";

describe("pageDataCall", () => {
  it("names the home call for / in the URL's, the cookie's or the default locale", () => {
    expect(pageDataCall("/", undefined)).toEqual(homeCall("cn"));
    expect(pageDataCall("/en", undefined)).toEqual(homeCall("en"));
    expect(pageDataCall("/tw/", "locale=en")).toEqual(homeCall("tw"));
    expect(pageDataCall("/", "a=1; locale=en")).toEqual(homeCall("en"));
    expect(pageDataCall("/", "locale=xx")).toEqual(homeCall("cn"));
    expect(pageDataCall("/", "locale=%E0%A4%A")).toEqual(homeCall("cn"));
  });

  it("names a product's call for its page, only for ids the route accepts", () => {
    expect(pageDataCall("/productDetails/12", undefined)).toEqual(
      productCall(12, "cn"),
    );
    expect(pageDataCall("/en/productDetails/3", "locale=tw")).toEqual(
      productCall(3, "en"),
    );
    for (const path of [
      "/productDetails/0",
      "/productDetails/abc",
      "/productDetails/12345678901",
      "/productDetails/1/extra",
      "/productDetails",
    ])
      expect(pageDataCall(path, undefined)).toBeUndefined();
  });

  it("names nothing for pages whose data is not public or first", () => {
    for (const path of ["/blessing", "/login", "/destiny", "/en/my", "/xx"])
      expect(pageDataCall(path, undefined)).toBeUndefined();
  });
});

describe("pageDataLink", () => {
  it("preloads the URL the tab's client requests, as a fetch in its credentials mode", () => {
    expect(pageDataLink(homeCall("en"))).toBe(
      "</api/app/oapi/v1/home?locale=en>; rel=preload; as=fetch; crossorigin",
    );
    expect(apiSearch({ locale: "cn", category: undefined, page: 2 })).toBe(
      "locale=cn&page=2",
    );
  });
});
