// TypeBox schema of what `POST file/v1/upload` answers: the stored image's URL, its stored name
// and its size. The server answers with it; the tab derives its type from it (src/api/staff.ts).
import { Type } from "typebox";

export const UploadedImage = Type.Object({
  url: Type.String({ description: "Absolute URL of the stored image." }),
  name: Type.String({
    description:
      "The stored name (the last part of url): what order/v1/fulfil takes as a proof photo.",
  }),
  width: Type.Integer(),
  height: Type.Integer(),
});
