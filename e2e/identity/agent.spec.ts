import { agentLogin, expect, label, test } from "../fixtures";

test.describe("agent site", () => {
  test("an agent signs in to /agentHome and signs out to /agent", async ({ page }) => {
    await agentLogin(page, "agent01", "Agent123");
    await expect(page).toHaveURL("/agentHome");
    await expect(page.getByTestId("agent-name")).toHaveText("Harbour Master");
    const signOut = page.getByRole("button", {
      name: label("en", "agentHome.signOut"),
      exact: true,
    });
    await expect(signOut).toBeVisible();

    await signOut.click();
    await expect(page).toHaveURL("/agent");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(label("en", "agent.title"));
    // Signed out for real: the agent centre sends us back to the login.
    await page.goto("/agentHome");
    await expect(page).toHaveURL("/agent");
  });

  test("a member is refused at /agent", async ({ page }) => {
    await agentLogin(page, "player01", "Player123");
    await expect(page.getByTestId("form-errors")).toHaveText(
      label("en", "identityError.non_agent_login"),
    );
    await expect(page).toHaveURL("/agent");
    await page.goto("/agentHome");
    await expect(page).toHaveURL("/agent");
  });

  test("a member signed in on the portal opening /agentHome lands on /agent", async ({
    signIn,
    page,
  }) => {
    await signIn("player01", "Player123");
    await page.goto("/");
    await expect(page.getByTestId("member-menu")).toBeVisible();
    await page.goto("/agentHome");
    await expect(page).toHaveURL("/agent");
    await expect(page.getByRole("form", { name: label("en", "agent.form") })).toBeVisible();
  });

  test("a visitor opening /agentHome is sent to /agent", async ({ page }) => {
    await page.goto("/agentHome");
    await expect(page).toHaveURL("/agent");
    await expect(page.getByRole("form", { name: label("en", "agent.form") })).toBeVisible();
  });
});
