// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { CreateStaffForm } from "~/components/ops/staff/create-staff-form";
import { RoleForm } from "~/components/ops/staff/role-form";
import { renderWithApp } from "../helpers/render";

/** The staff screens offer their forms to a role that manages staff, and to no other. */
const roles = [{ id: "1", name: "read-only" }];
const areas = [{ area: "players", permissions: ["players.view", "players.close"] }];

describe("the staff screens' forms by permission", () => {
  test("a new account's form only for staff.manage", async () => {
    await renderWithApp(
      <>
        <p data-testid="page">page</p>
        <CreateStaffForm roles={roles} />
      </>,
      { path: "/ops/staff", staffPermissions: ["staff.view"] },
    );
    await screen.findByTestId("page");
    expect(screen.queryByTestId("ops-staff-create-form")).toBeNull();
  });

  test("a role reads as ticks in no form for a reader, and as a form with its save button for a manager", async () => {
    const { unmount } = await renderWithApp(
      <RoleForm name="support" permissions={["players.view"]} areas={areas} />,
      { path: "/ops/staff/roles/2", staffPermissions: ["staff.view"] },
    );
    const read = await screen.findByTestId("ops-role-form");
    expect(read.tagName).toBe("DIV");
    expect(screen.getByRole("checkbox", { name: /players\.view/ })).toBeDisabled();
    expect(screen.queryByTestId("ops-role-save")).toBeNull();
    unmount();

    await renderWithApp(<RoleForm name="support" permissions={["players.view"]} areas={areas} />, {
      path: "/ops/staff/roles/2",
      staffPermissions: ["staff.view", "staff.manage"],
    });
    const managed = await screen.findByTestId("ops-role-form");
    expect(managed.tagName).toBe("FORM");
    expect(screen.getByRole("checkbox", { name: /players\.close/ })).not.toBeChecked();
    expect(screen.getByTestId("ops-role-save")).toBeTruthy();
  });
});
