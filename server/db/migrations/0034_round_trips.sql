ALTER TABLE "organizations" ADD COLUMN "smart_contract_interfaces_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Smart contract interfaces join what instances cache per organization version (0026): every
-- write to them moves smart_contract_interfaces_version in the writing transaction.
CREATE TRIGGER "smart_contract_interfaces_bump_version" AFTER INSERT OR UPDATE OR DELETE ON "smart_contract_interfaces"
  FOR EACH ROW EXECUTE FUNCTION "bump_organization_version"('smart_contract_interfaces_version');
