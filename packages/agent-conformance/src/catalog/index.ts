export {
  CAPABILITY_DESCRIPTIONS,
  CAPABILITY_KEYS,
  validateCapabilities,
} from '../capabilities';
export { contractDigest } from '../contract-digest';
export { findRequirement } from '../find-requirement';
export { REQUIREMENT_FAMILIES, type RequirementFamily } from '../requirement-families';
export {
  basisOf,
  REQUIREMENTS,
  type Requirement,
  type RequirementBasis,
  type RequirementMarker,
} from '../requirements';
