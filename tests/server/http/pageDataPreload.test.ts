// Which API call a page's shell preloads (#20): the home page's, a product page's, the blessing
// wall's first page and the sign-in page's configuration, in the locale of the URL, else of the
// locale cookie, else the default; the URL byte for byte as the tab's client builds it; nothing
// for other pages or ids the tab's route would refuse. Only pages with covers have images read.
import {
  apiSearch,
  blessingsCall,
  configCall,
  homeCall,
  productCall,
} from "../../../contract/pageData";
import {
  firstImages,
  imagePreloadLink,
  pageDataCall,
  pageDataLink,
  showsImagesFirst,
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

  it("names the blessing wall's first page, and nothing for another page of it", () => {
    expect(pageDataCall("/blessing", undefined)).toEqual(
      blessingsCall("cn", 1),
    );
    expect(pageDataCall("/blessing/", "locale=tw", "?")).toEqual(
      blessingsCall("tw", 1),
    );
    expect(pageDataCall("/en/blessing", undefined, "")).toEqual(
      blessingsCall("en", 1),
    );
    for (const search of ["?page=2", "?page=1", "?x"])
      expect(pageDataCall("/blessing", undefined, search)).toBeUndefined();
    expect(pageDataCall("/blessing/3", undefined)).toBeUndefined();
  });

  it("names the runtime configuration for the sign-in page, whatever its query", () => {
    expect(pageDataCall("/login", undefined)).toEqual(configCall());
    expect(pageDataCall("/en/login", undefined, "?redirect=%2Fmy")).toEqual(
      configCall(),
    );
  });

  it("names nothing for pages whose data is not public or first", () => {
    for (const path of ["/destiny", "/en/my", "/xx", "/login/x", "/register"])
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
    expect(pageDataLink(configCall())).toBe(
      "</api/app/oapi/v1/config>; rel=preload; as=fetch; crossorigin",
    );
    expect(pageDataLink(blessingsCall("tw", 1))).toBe(
      "</api/app/oapi/v1/blessings?locale=tw&page=1&pageSize=10>; rel=preload; as=fetch; crossorigin",
    );
  });
});

describe("firstImages", () => {
  it("names the covers of the home page's first two cards and a product's cover", () => {
    const card = (cover: string) => ({ id: 1, cover });
    expect(
      firstImages(homeCall("en"), {
        featured: [
          card("/images/a.svg"),
          card("/media/b-1.jpg"),
          card("/images/c.svg"),
        ],
      }),
    ).toEqual(["/images/a.svg", "/media/b-1.jpg"]);
    expect(
      firstImages(productCall(4, "cn"), { cover: "/images/p.svg" }),
    ).toEqual(["/images/p.svg"]);
  });

  it("skips what a Link header cannot carry as it is, and answers without covers", () => {
    for (const cover of [
      "https://cdn.example/a.jpg",
      "//evil.example/a.jpg",
      "/a>; rel=preload.svg",
      "/a b.svg",
      "/a,b.svg",
      "",
    ])
      expect(firstImages(productCall(4, "cn"), { cover })).toEqual([]);
    expect(firstImages(homeCall("cn"), { featured: "x" })).toEqual([]);
    expect(firstImages(homeCall("cn"), null)).toEqual([]);
    expect(firstImages(productCall(1, "cn"), { cover: 3 })).toEqual([]);
  });

  it("reads an answer for images only on the pages that show covers first", () => {
    expect(showsImagesFirst(homeCall("tw"))).toBe(true);
    expect(showsImagesFirst(productCall(9, "en"))).toBe(true);
    expect(showsImagesFirst(blessingsCall("cn", 1))).toBe(false);
    expect(showsImagesFirst(configCall())).toBe(false);
  });

  it("preloads an image at the priority of an eager cover", () => {
    expect(imagePreloadLink("/images/a.svg")).toBe(
      "</images/a.svg>; rel=preload; as=image; fetchpriority=high",
    );
  });
});
