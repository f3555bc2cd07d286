import type { Migration, MigrationProvider } from "kysely";
import * as foundation from "./0001-foundation";
import * as identity from "./0002-identity";
import * as wallet from "./0003-wallet";
import * as play from "./0004-play";
import * as agency from "./0005-agency";
import * as rewards from "./0006-rewards";
import * as rebateVip from "./0007-rebate-vip";
import * as audiences from "./0008-audiences";
import * as referrals from "./0009-referrals";
import * as pointsMall from "./0010-points-mall";
import * as missions from "./0011-missions";
import * as referralRewards from "./0012-referral-rewards";
import * as protectionLimits from "./0013-protection-limits";
import * as protectionBreaks from "./0014-protection-breaks";
import * as realityChecks from "./0015-reality-checks";
import * as ageChecks from "./0016-age-checks";
import * as sessionEnds from "./0017-session-ends";
import * as feedback from "./0018-feedback";
import * as eventOutbox from "./0019-event-outbox";
import * as chatRooms from "./0020-chat-rooms";
import * as support from "./0021-support";
import * as eventStreamLeases from "./0022-event-stream-leases";
import * as betDayRollups from "./0024-bet-day-rollups";
import * as agentDayRollups from "./0026-agent-day-rollups";
import * as announcementStarts from "./0027-announcement-starts";
import * as authenticators from "./0028-authenticators";
import * as operatorSetup from "./0029-operator-setup";
import * as gameSessionsEndWithLogin from "./0031-game-sessions-end-with-login";
import * as knownSignIns from "./0032-known-sign-ins";
import * as demoGameArtPng from "./0033-demo-game-art-png";
import * as staffRoles from "./0034-staff-roles";
import * as auditChain from "./0035-audit-chain";
import * as auditShape from "./0036-audit-shape";
import * as staffSetupLinks from "./0037-staff-setup-links";
import * as playerPage from "./0038-player-page";
import * as withdrawalFourEyes from "./0039-withdrawal-four-eyes";
import * as memberSuspension from "./0040-member-suspension";
import * as cashOutSessions from "./0041-cash-out-sessions";
import * as signInTickets from "./0042-sign-in-tickets";
import * as knownSignInsList from "./0043-known-sign-ins-list";
import * as staffPasswordReset from "./0044-staff-password-reset";
import * as playerNotesAndTags from "./0045-player-notes-and-tags";
import * as manualAdjustments from "./0046-manual-adjustments";
import * as accountClosure from "./0047-account-closure";

/**
 * Migrations are listed in code, not read from a folder, so the bundled
 * server build carries them. Append new ones; never edit an applied one.
 */
const migrations: Record<string, Migration> = {
  "0001-foundation": foundation,
  "0002-identity": identity,
  "0003-wallet": wallet,
  "0004-play": play,
  "0005-agency": agency,
  "0006-rewards": rewards,
  "0007-rebate-vip": rebateVip,
  "0008-audiences": audiences,
  "0009-referrals": referrals,
  "0010-points-mall": pointsMall,
  "0011-missions": missions,
  "0012-referral-rewards": referralRewards,
  "0013-protection-limits": protectionLimits,
  "0014-protection-breaks": protectionBreaks,
  "0015-reality-checks": realityChecks,
  "0016-age-checks": ageChecks,
  "0017-session-ends": sessionEnds,
  "0018-feedback": feedback,
  "0019-event-outbox": eventOutbox,
  "0020-chat-rooms": chatRooms,
  "0021-support": support,
  "0022-event-stream-leases": eventStreamLeases,
  "0024-bet-day-rollups": betDayRollups,
  "0026-agent-day-rollups": agentDayRollups,
  "0027-announcement-starts": announcementStarts,
  "0028-authenticators": authenticators,
  "0029-operator-setup": operatorSetup,
  "0031-game-sessions-end-with-login": gameSessionsEndWithLogin,
  "0032-known-sign-ins": knownSignIns,
  "0033-demo-game-art-png": demoGameArtPng,
  "0034-staff-roles": staffRoles,
  "0035-audit-chain": auditChain,
  "0036-audit-shape": auditShape,
  "0037-staff-setup-links": staffSetupLinks,
  "0038-player-page": playerPage,
  "0039-withdrawal-four-eyes": withdrawalFourEyes,
  "0040-member-suspension": memberSuspension,
  "0041-cash-out-sessions": cashOutSessions,
  "0042-sign-in-tickets": signInTickets,
  "0043-known-sign-ins-list": knownSignInsList,
  "0044-staff-password-reset": staffPasswordReset,
  "0045-player-notes-and-tags": playerNotesAndTags,
  "0046-manual-adjustments": manualAdjustments,
  "0047-account-closure": accountClosure,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
