export {
  CAPABILITY_DESCRIPTIONS,
  CAPABILITY_KEYS,
  validateCapabilities,
} from '../capabilities';
export { contractDigest } from '../contract-digest';
export { findRequirement } from '../find-requirement';
export { REQUIREMENT_FAMILIES, type RequirementFamily } from '../requirement-families';
export { REQUIREMENTS, type Requirement, type RequirementMarker } from '../requirements';
