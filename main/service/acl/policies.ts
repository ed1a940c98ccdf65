/** ACL policies (spec 4.4, 4.9): create, update, get, getPage, delete, and the resources each matches. */
import { isRoleName, Roles } from '../../../shared/permissions.ts';
import type { AclPolicy, AclPolicyCreate, AclPolicyPageRequest, AclPolicyUpdate, GrantType } from '../../../shared/v1/access.ts';
import type { PageOf } from '../../../shared/v1/resources.ts';
import { NAME_MAX } from '../../../shared/v1/requests.ts';
import { POLICY_ORDER_COLUMNS, type AclPolicyContent, type AclPolicyRecord, type PolicyGrantee } from '../../store/async/repos/aclPolicies.ts';
import type { ContainerFact, DocumentFact } from '../../store/async/repos/accessScope.ts';
import type { AreaDeps } from '../kernel.ts';
import type { RequestContext } from '../context.ts';
import { fail, notFound } from '../errors.ts';
import { pageWindow } from '../paging.ts';
import { conditionProblem } from './conditions.ts';
import { compilePolicy, matchesContainer, matchesDocument } from './policyMatch.ts';
import { requirePrincipal } from './principals.ts';

const DEFAULTS: AclPolicyContent = {
  name: '',
  description: '',
  matchResourceType: 'CONTAINER',
  matchContainerTypeIds: [],
  matchConditions: [],
  grantees: [],
  grantType: 'MASK',
  grantRole: '',
  grantPermissionMask: 0,
  grantDenyMask: 0,
  enabled: true,
};

export class AclPolicyService {
  constructor(private readonly deps: AreaDeps<'acl' | 'contentTypes' | 'identity' | 'org'>) {}

  private get repos() {
    return this.deps.repos;
  }

  private async load(ctx: RequestContext, policyId: string): Promise<AclPolicyRecord> {
    return (await this.repos.acl.policies.get(ctx.tenantId, policyId)) ?? notFound('policy', policyId);
  }

  async create(ctx: RequestContext, input: AclPolicyCreate): Promise<AclPolicy> {
    await this.deps.access.requireAdministrator(ctx, 'creating an ACL policy');
    const content = await this.merge(ctx, DEFAULTS, input);
    const created = await this.repos.units.transaction(() => this.repos.acl.policies.create(ctx.tenantId, content));
    return this.view(created, new AffectedCounter(this.deps, ctx.tenantId));
  }

  /** Spec 4.4: the fields sent replace the stored ones; the result is checked as a whole. */
  async update(ctx: RequestContext, policyId: string, input: AclPolicyUpdate): Promise<AclPolicy> {
    await this.deps.access.requireAdministrator(ctx, 'changing an ACL policy');
    const current = await this.load(ctx, policyId);
    const content = await this.merge(ctx, current, input);
    const updated = await this.repos.units.transaction(() => this.repos.acl.policies.update(ctx.tenantId, current.policyId, content));
    return this.view(updated, new AffectedCounter(this.deps, ctx.tenantId));
  }

  async get(ctx: RequestContext, policyId: string): Promise<AclPolicy> {
    await this.deps.access.requireAdministrator(ctx, 'reading ACL policies');
    return this.view(await this.load(ctx, policyId), new AffectedCounter(this.deps, ctx.tenantId));
  }

  async page(ctx: RequestContext, input: AclPolicyPageRequest): Promise<PageOf<AclPolicy>> {
    await this.deps.access.requireAdministrator(ctx, 'reading ACL policies');
    const w = pageWindow(input, Object.keys(POLICY_ORDER_COLUMNS) as (keyof typeof POLICY_ORDER_COLUMNS)[], 'name');
    const { total, rows } = await this.repos.units.read((tx) => tx.acl.policies.page(
      ctx.tenantId,
      {
        ...(input.name ? { name: input.name } : {}),
        ...(input.matchResourceType ? { matchResourceType: input.matchResourceType } : {}),
        ...(input.grantType ? { grantType: input.grantType } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      },
      w.order,
      w.limit,
      w.offset,
    ));
    const counter = new AffectedCounter(this.deps, ctx.tenantId);
    const content: AclPolicy[] = [];
    for (const r of rows) content.push(await this.view(r, counter));
    return { totalElements: total, content };
  }

  async delete(ctx: RequestContext, policyId: string): Promise<{ policyId: string }> {
    await this.deps.access.requireAdministrator(ctx, 'deleting an ACL policy');
    const current = await this.load(ctx, policyId);
    await this.repos.units.transaction(() => this.repos.acl.policies.delete(ctx.tenantId, current.policyId));
    return { policyId: current.policyId };
  }

  /**
   * grantType ROLE takes its allow mask from grantRole; grantType MASK from grantPermissionMask.
   * When grantType is not sent it follows what was sent: a grantRole means ROLE, a mask MASK.
   */
  private async merge(ctx: RequestContext, base: AclPolicyContent, input: AclPolicyUpdate): Promise<AclPolicyContent> {
    const name = (input.name ?? base.name).trim();
    if (!name) fail('VALIDATION', 'name must not be empty', { field: 'name' });
    if (name.length > NAME_MAX) fail('VALIDATION', `name is longer than ${NAME_MAX} characters`, { field: 'name' });
    const grantType: GrantType = input.grantType ?? (input.grantRole ? 'ROLE' : input.grantPermissionMask !== undefined ? 'MASK' : (base.grantType as GrantType));
    let grantRole = '';
    let grantPermissionMask: number;
    if (grantType === 'ROLE') {
      grantRole = input.grantRole ?? base.grantRole;
      if (!isRoleName(grantRole)) fail('VALIDATION', 'grantType ROLE needs grantRole: VIEWER, DOWNLOADER, EDITOR or MANAGER', { field: 'grantRole' });
      grantPermissionMask = Roles[grantRole];
      if (input.grantPermissionMask !== undefined && input.grantPermissionMask !== grantPermissionMask) {
        fail('VALIDATION', `with grantType ROLE, grantPermissionMask is the role's mask (${grantPermissionMask})`, { field: 'grantPermissionMask' });
      }
    } else {
      if (input.grantRole) fail('VALIDATION', 'grantRole goes with grantType ROLE', { field: 'grantRole' });
      grantPermissionMask = input.grantPermissionMask ?? base.grantPermissionMask;
    }
    const grantDenyMask = input.grantDenyMask ?? base.grantDenyMask;
    if (grantPermissionMask === 0 && grantDenyMask === 0) fail('VALIDATION', 'the policy grants and denies nothing', { field: 'grantPermissionMask' });
    return {
      name,
      description: input.description ?? base.description,
      matchResourceType: input.matchResourceType ?? base.matchResourceType,
      matchContainerTypeIds: input.matchContainerTypeIds ? await this.typeIds(ctx, input.matchContainerTypeIds) : base.matchContainerTypeIds,
      matchConditions: input.matchConditions ? this.conditions(input.matchConditions) : base.matchConditions,
      grantees: input.grantees ? await this.grantees(ctx, input.grantees) : base.grantees,
      grantType,
      grantRole,
      grantPermissionMask,
      grantDenyMask,
      enabled: input.enabled ?? base.enabled,
    };
  }

  private async typeIds(ctx: RequestContext, ids: readonly string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    for (const [i, id] of unique.entries()) {
      if (!(await this.repos.contentTypes.get(ctx.tenantId, id))) fail('VALIDATION', `matchContainerTypeIds.${i}: no content type ${id}`, { field: `matchContainerTypeIds.${i}` });
    }
    return unique;
  }

  private conditions(input: NonNullable<AclPolicyUpdate['matchConditions']>): AclPolicyContent['matchConditions'] {
    return input.map((c, i) => {
      const problem = conditionProblem(c);
      if (problem) fail('VALIDATION', `matchConditions.${i}: ${problem}`, { field: `matchConditions.${i}` });
      return { key: c.key, operator: c.operator, value: c.value ?? null };
    });
  }

  private async grantees(ctx: RequestContext, input: NonNullable<AclPolicyUpdate['grantees']>): Promise<PolicyGrantee[]> {
    const seen = new Set<string>();
    const out: PolicyGrantee[] = [];
    for (const [i, g] of input.entries()) {
      const granteeId = await requirePrincipal(this.repos, ctx.tenantId, g.granteeType, g.granteeId, `grantees.${i}.granteeId`);
      const key = `${g.granteeType}:${granteeId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ granteeType: g.granteeType, granteeId });
    }
    return out;
  }

  private async view(p: AclPolicyRecord, counter: AffectedCounter): Promise<AclPolicy> {
    return {
      policyId: p.policyId,
      tenantId: p.tenantId,
      name: p.name,
      description: p.description,
      matchResourceType: p.matchResourceType,
      matchContainerTypeIds: p.matchContainerTypeIds,
      matchConditions: p.matchConditions,
      grantees: p.grantees,
      grantType: p.grantType,
      grantRole: p.grantRole,
      grantPermissionMask: p.grantPermissionMask,
      grantDenyMask: p.grantDenyMask,
      enabled: p.enabled,
      affectedResourceCount: await counter.count(p),
      createTime: p.createTime,
      updateTime: p.updateTime,
    };
  }
}

/**
 * affectedResourceCount: the active containers and documents a policy matches, enabled or not,
 * so an administrator sees a policy's reach before turning it on. Reads the tenant's tree once
 * per request, however many policies it counts for.
 */
class AffectedCounter {
  private containers: ContainerFact[] | undefined;
  private documents: DocumentFact[] | undefined;
  private containerTypes: Map<string, string> | undefined;

  constructor(
    private readonly deps: AreaDeps<'acl' | 'contentTypes' | 'identity' | 'org'>,
    private readonly tenantId: string,
  ) {}

  async count(p: AclPolicyRecord): Promise<number> {
    const compiled = compilePolicy(p);
    const containers = (this.containers ??= await this.deps.repos.acl.scope.activeContainers(this.tenantId));
    let n = 0;
    if (compiled.resourceType !== 'DOCUMENT') n += containers.filter((c) => matchesContainer(compiled, c)).length;
    if (compiled.resourceType !== 'CONTAINER') {
      const documents = (this.documents ??= await this.deps.repos.acl.scope.activeDocuments(this.tenantId));
      this.containerTypes ??= new Map(containers.map((c) => [c.containerId, c.containerTypeId]));
      const types = this.containerTypes;
      n += documents.filter((d) => matchesDocument(compiled, d, types.get(d.containerId) ?? '')).length;
    }
    return n;
  }
}
