// The frame of a /my sub-page (settings, manager application, invitations): its heading and title
// above the page's sections. The shell header's back button leads back to /my.
import type { ReactNode } from "react";
import { usePageTitle } from "../../ui/usePageTitle";
import "../../ui/field.css";
import "./my.css";

export function MySubPage({
  title,
  children,
}: {
  title: string;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className="page my-page my-subpage">
      <header className="page-head">
        <h1>{title}</h1>
      </header>
      {children}
    </div>
  );
}
