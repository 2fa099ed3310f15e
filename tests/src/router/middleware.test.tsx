// Route middleware: the registry (unknown names throw), the auth guard's redirect to
// /login?redirect=<path> with the locale prefix kept, and the guarded routes in the real app.
import { isRedirect } from "@tanstack/react-router";
import { screen, waitFor } from "@testing-library/react";
import { routeMiddleware, runMiddleware } from "../../../src/router/middleware";
import { installFakeApi } from "../../support/ui/fakeApi";
import { renderApp, resetApp, signIn } from "../../support/ui/renderApp";

const signedOut = { session: { isLoggedIn: false } };
const signedIn = { session: { isLoggedIn: true } };

function thrown(run: () => void): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("runMiddleware", () => {
  it("registers auth", () => {
    expect(Object.keys(routeMiddleware)).toEqual(["auth"]);
  });

  it("throws for an unregistered name", () => {
    const location = { pathname: "/my", href: "/my" };
    expect(() => {
      runMiddleware(["admin"], { context: signedIn, location });
    }).toThrow("Unknown route middleware: admin");
    expect(() => {
      runMiddleware(["toString"], { context: signedIn, location });
    }).toThrow("Unknown route middleware");
  });

  it("lets a signed-in user through", () => {
    expect(
      thrown(() => {
        runMiddleware(["auth"], {
          context: signedIn,
          location: { pathname: "/my", href: "/my" },
        });
      }),
    ).toBeUndefined();
  });

  it("redirects a signed-out user to /login?redirect=<href>", () => {
    const error = thrown(() => {
      runMiddleware(["auth"], {
        context: signedOut,
        location: { pathname: "/destiny", href: "/destiny?c=1" },
      });
    });
    expect(isRedirect(error)).toBe(true);
    expect(error).toMatchObject({
      options: {
        to: "/{-$locale}/login",
        params: { locale: undefined },
        search: { redirect: "/destiny?c=1" },
      },
    });
  });

  it("keeps the locale prefix", () => {
    const error = thrown(() => {
      runMiddleware(["auth"], {
        context: signedOut,
        location: { pathname: "/en/my", href: "/en/my" },
      });
    });
    expect(error).toMatchObject({
      options: { params: { locale: "en" }, search: { redirect: "/en/my" } },
    });
  });
});

describe("guarded routes", () => {
  beforeEach(() => {
    installFakeApi();
  });
  afterEach(resetApp);

  it.each([
    ["/my", "/login", "/my"],
    ["/destiny", "/login", "/destiny"],
    ["/register", "/login", "/register"],
    ["/en/my", "/en/login", "/en/my"],
  ])(
    "%s → %s?redirect=%s when signed out",
    async (path, loginPath, redirect) => {
      const { router } = renderApp(path);
      await waitFor(() => {
        expect(router.state.location.pathname).toBe(loginPath);
      });
      expect(router.state.location.search).toEqual({ redirect });
      expect(
        await screen.findByRole("heading", {
          level: 1,
          name: /^(登录|Sign in)$/,
        }),
      ).toBeDefined();
    },
  );

  it("shows the pages to a signed-in user", async () => {
    signIn(installFakeApi());
    const { router } = renderApp("/register");
    expect(
      await screen.findByRole("heading", { level: 1, name: "共结善缘报名" }),
    ).toBeDefined();
    expect(router.state.location.pathname).toBe("/register");
    await waitFor(() => {
      expect(document.title).toBe("共结善缘报名 · 福缘");
    });
  });

  it("a 401 from the API sends the user to /login with the page to come back to", async () => {
    const api = installFakeApi();
    api.fail("oapi/v1/temples", 401, 401);
    const { router } = renderApp("/en/templeStyle");
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/en/login");
    });
    expect(router.state.location.search).toEqual({
      redirect: "/en/templeStyle",
    });
  });
});
