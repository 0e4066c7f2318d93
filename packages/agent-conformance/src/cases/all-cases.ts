import type { ConformanceCase } from '../define-case';
import { ABT_CASES } from './abt';
import { ABT_ENDED_CASES } from './abt-ended';
import { ABT_FAILURE_AFTER_STOP_CASES } from './abt-failure-after-stop';
import { ABT_LATE_CASES } from './abt-late';
import { ABT_PEER_CASES } from './abt-peers';
import { ABT_STOP_IN_TOOL_BEFORE_CASES } from './abt-stop-in-tool-before';
import { ABT_STOPPER_CASES } from './abt-stopper';
import { ABT_WAITING_ORDER_CASES } from './abt-waiting-order';
import { ARC_CASES } from './arc';
import { ARC_ARCHIVE_ALONE_CASES } from './arc-archive-alone';
import { ARC_DELETED_TURN_CASES } from './arc-deleted-turn';
import { ARC_RECORD_CASES } from './arc-records';
import { ARC_REPEATED_CALL_ID_CASES } from './arc-repeated-call-ids';
import { ARC_REPLY_SCOPE_CASES } from './arc-reply-scope';
import { ARC_STOPPED_TURN_HISTORY_CASES } from './arc-stopped-turn-history';
import { BND_CASES } from './bnd';
import { CLR_CASES } from './clr';
import { CLR_PEER_CASES } from './clr-peers';
import { CLR_SEVERAL_CASES } from './clr-several';
import {
  ABT_CUT_TURN_MEETS_STOPS_CASES,
  ARC_CUT_TURN_MEETS_STOPS_CASES,
  OUT_CUT_TURN_MEETS_STOPS_CASES,
} from './cut-turn-meets-stops';
import { DEL_CASES } from './del';
import { DEL_BESIDE_OTHERS_CASES } from './del-beside-others';
import { DEL_WIND_DOWN_CASES } from './del-wind-down';
import { DRN_CASES } from './drn';
import { PRE_DROPS_MEET_STOPS_CASES } from './drops-meet-stops';
import { DUR_CASES } from './dur';
import { HK_CASES } from './hk';
import { HK_ABANDONED_CASES } from './hk-abandoned';
import { HK_BESIDE_OTHER_MIDDLEWARES_CASES } from './hk-beside-other-middlewares';
import { HK_INPUT_CASES } from './hk-inputs';
import { HK_REWRITE_CASES } from './hk-rewrites';
import { HK_TURN_BEFORE_CASES } from './hk-turn-before';
import { LIV_CASES } from './liv';
import { LIV_BESIDE_OTHERS_CASES } from './liv-beside-others';
import { LIV_IGNORED_ABORT_CASES } from './liv-ignored-abort';
import { LIV_LIMIT_CASES } from './liv-limit';
import { LIV_PEER_CASES } from './liv-peers';
import { LIV_RELEASED_CASES } from './liv-released';
import { LIV_UNIFORM_INPUT_CASES } from './liv-uniform-inputs';
import { LIV_WINDING_DOWN_CASES } from './liv-winding-down';
import { OUT_CASES } from './out';
import { OUT_ABANDONED_CASES } from './out-abandoned';
import { OUT_EXPLORED_CASES } from './out-explored';
import { OUT_ISOLATED_FAILURE_CASES } from './out-isolated-failure';
import { OUT_RELEASED_CASES } from './out-released';
import { PRE_CASES } from './pre';
import { PRE_EXPLORED_CASES } from './pre-explored';
import { PRE_REGISTRATION_CASES } from './pre-registrations';
import { PRM_CASES } from './prm';
import { PRM_INJECTOR_CASES } from './prm-injectors';
import { PRM_MATERIALISED_CASES } from './prm-materialised';
import { CLR_PROCESSING_MEETS_STOPS_CASES, DEL_PROCESSING_MEETS_STOPS_CASES } from './processing-meets-stops';
import {
  ARC_REPLIES_MEET_CASES,
  CLR_REPLIES_MEET_CASES,
  HK_REPLIES_MEET_CASES,
  OUT_REPLIES_MEET_CASES,
  SVC_REPLIES_MEET_CASES,
} from './replies-meet-stops';
import { ABT_ROOMS_MEET_RETRIES_CASES, ARC_ROOMS_MEET_RETRIES_CASES } from './rooms-meet-retries';
import { SCH_CASES } from './sch';
import { SCH_ACROSS_STOPS_CASES } from './sch-across-stops';
import { SCH_PREPROCESSED_SOURCE_CASES } from './sch-preprocessed-source';
import { SCH_QUEUE_AT_RELEASE_CASES } from './sch-queue-at-release';
import { SET_CASES } from './set';
import {
  ARC_SETTINGS_MEET_CASES,
  HK_SETTINGS_MEET_CASES,
  SET_SETTINGS_MEET_CASES,
  USG_SETTINGS_MEET_CASES,
} from './settings-meet-turn';
import {
  CLR_STOPS_MEET_INPUTS_CASES,
  OUT_STOPS_MEET_INPUTS_CASES,
  PRE_STOPS_MEET_INPUTS_CASES,
} from './stops-meet-inputs';
import { SVC_CASES } from './svc';
import { SVC_EXPLORED_CASES } from './svc-explored';
import { SVC_INVALID_CASES } from './svc-invalid';
import { SVC_RELEASED_CASES } from './svc-released';
import { TID_CASES } from './tid';
import { TID_ACROSS_INSTANCES_CASES } from './tid-across-instances';
import { USG_CASES } from './usg';
import { USG_ALLOWANCE_CASES } from './usg-allowance';
import { USG_FIGURES_CASES } from './usg-figures';
import { USG_HELD_SNAPSHOT_CASES } from './usg-held-snapshot';
import { USG_OPENING_BURST_CASES } from './usg-opening-burst';
import { USG_SENT_LIST_CASES } from './usg-sent-list';

/**
 * Every case of the kit, grouped by requirement family in catalog order. Each names the
 * requirement ids it checks; together they cover every id of the catalog.
 */
export const CASES: readonly ConformanceCase[] = Object.freeze([
  ...SVC_CASES,
  ...SVC_INVALID_CASES,
  ...SVC_RELEASED_CASES,
  ...SVC_EXPLORED_CASES,
  ...SVC_REPLIES_MEET_CASES,
  ...SCH_CASES,
  ...SCH_QUEUE_AT_RELEASE_CASES,
  ...SCH_PREPROCESSED_SOURCE_CASES,
  ...SCH_ACROSS_STOPS_CASES,
  ...ABT_CASES,
  ...ABT_ENDED_CASES,
  ...ABT_FAILURE_AFTER_STOP_CASES,
  ...ABT_LATE_CASES,
  ...ABT_PEER_CASES,
  ...ABT_STOPPER_CASES,
  ...ABT_STOP_IN_TOOL_BEFORE_CASES,
  ...ABT_WAITING_ORDER_CASES,
  ...ABT_CUT_TURN_MEETS_STOPS_CASES,
  ...ABT_ROOMS_MEET_RETRIES_CASES,
  ...CLR_CASES,
  ...CLR_PEER_CASES,
  ...CLR_SEVERAL_CASES,
  ...CLR_STOPS_MEET_INPUTS_CASES,
  ...CLR_PROCESSING_MEETS_STOPS_CASES,
  ...CLR_REPLIES_MEET_CASES,
  ...DEL_CASES,
  ...DEL_WIND_DOWN_CASES,
  ...DEL_BESIDE_OTHERS_CASES,
  ...DEL_PROCESSING_MEETS_STOPS_CASES,
  ...TID_CASES,
  ...TID_ACROSS_INSTANCES_CASES,
  ...ARC_CASES,
  ...ARC_RECORD_CASES,
  ...ARC_ARCHIVE_ALONE_CASES,
  ...ARC_REPEATED_CALL_ID_CASES,
  ...ARC_REPLY_SCOPE_CASES,
  ...ARC_STOPPED_TURN_HISTORY_CASES,
  ...ARC_DELETED_TURN_CASES,
  ...ARC_SETTINGS_MEET_CASES,
  ...ARC_ROOMS_MEET_RETRIES_CASES,
  ...ARC_CUT_TURN_MEETS_STOPS_CASES,
  ...ARC_REPLIES_MEET_CASES,
  ...USG_CASES,
  ...USG_FIGURES_CASES,
  ...USG_SENT_LIST_CASES,
  ...USG_ALLOWANCE_CASES,
  ...USG_OPENING_BURST_CASES,
  ...USG_HELD_SNAPSHOT_CASES,
  ...USG_SETTINGS_MEET_CASES,
  ...SET_CASES,
  ...SET_SETTINGS_MEET_CASES,
  ...BND_CASES,
  ...PRE_CASES,
  ...PRE_REGISTRATION_CASES,
  ...PRE_STOPS_MEET_INPUTS_CASES,
  ...PRE_EXPLORED_CASES,
  ...PRE_DROPS_MEET_STOPS_CASES,
  ...HK_CASES,
  ...HK_ABANDONED_CASES,
  ...HK_INPUT_CASES,
  ...HK_REWRITE_CASES,
  ...HK_TURN_BEFORE_CASES,
  ...HK_BESIDE_OTHER_MIDDLEWARES_CASES,
  ...HK_SETTINGS_MEET_CASES,
  ...HK_REPLIES_MEET_CASES,
  ...PRM_CASES,
  ...PRM_INJECTOR_CASES,
  ...PRM_MATERIALISED_CASES,
  ...OUT_CASES,
  ...OUT_RELEASED_CASES,
  ...OUT_ABANDONED_CASES,
  ...OUT_EXPLORED_CASES,
  ...OUT_ISOLATED_FAILURE_CASES,
  ...OUT_STOPS_MEET_INPUTS_CASES,
  ...OUT_CUT_TURN_MEETS_STOPS_CASES,
  ...OUT_REPLIES_MEET_CASES,
  ...DRN_CASES,
  ...LIV_CASES,
  ...LIV_IGNORED_ABORT_CASES,
  ...LIV_WINDING_DOWN_CASES,
  ...LIV_UNIFORM_INPUT_CASES,
  ...LIV_LIMIT_CASES,
  ...LIV_RELEASED_CASES,
  ...LIV_BESIDE_OTHERS_CASES,
  ...LIV_PEER_CASES,
  ...DUR_CASES,
]);
