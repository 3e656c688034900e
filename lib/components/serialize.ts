import type { z } from "zod";
import type { Component as Row } from "@/lib/db/types";
import { times } from "@/lib/http/wire";
import type { Component } from "./schema";

export function serializeComponent(c: Row): z.infer<typeof Component> {
  return {
    id: c.id,
    statusPageId: c.status_page_id,
    type: c.type,
    name: c.name,
    description: c.description,
    displayOrder: Number(c.display_order),
    hidden: Number(c.hidden) === 1,
    parentId: c.parent_id,
    ...times(c),
  };
}
