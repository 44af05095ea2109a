ALTER TABLE "organizations" ADD COLUMN "policies_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "ip_allowlists_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "mfa_policies_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every write to an organization's policies, IP allowlists or MFA policies moves that organization's
-- version (above) in the same transaction, whatever code path writes: instances cache what these
-- tables hold per version (server/organizations/cache.ts) and so never serve a set another instance
-- has changed. A version is taken from a sequence, which a rollback does not give back, so a number
-- once seen by anyone never names other contents; greatest() keeps it increasing even if the
-- sequence is behind the rows (a restored backup).
CREATE SEQUENCE "organization_versions";--> statement-breakpoint
CREATE FUNCTION "bump_organization_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    EXECUTE format(
      'UPDATE organizations SET %1$I = greatest(%1$I + 1, nextval(''organization_versions'')) WHERE id = $1',
      TG_ARGV[0]
    ) USING NEW.organization_id;
  END IF;
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND OLD.organization_id IS DISTINCT FROM NEW.organization_id) THEN
    EXECUTE format(
      'UPDATE organizations SET %1$I = greatest(%1$I + 1, nextval(''organization_versions'')) WHERE id = $1',
      TG_ARGV[0]
    ) USING OLD.organization_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "policies_bump_version" AFTER INSERT OR UPDATE OR DELETE ON "policies"
  FOR EACH ROW EXECUTE FUNCTION "bump_organization_version"('policies_version');--> statement-breakpoint
CREATE TRIGGER "ip_allowlists_bump_version" AFTER INSERT OR UPDATE OR DELETE ON "ip_allowlists"
  FOR EACH ROW EXECUTE FUNCTION "bump_organization_version"('ip_allowlists_version');--> statement-breakpoint
CREATE TRIGGER "mfa_policies_bump_version" AFTER INSERT OR UPDATE OR DELETE ON "mfa_policies"
  FOR EACH ROW EXECUTE FUNCTION "bump_organization_version"('mfa_policies_version');
