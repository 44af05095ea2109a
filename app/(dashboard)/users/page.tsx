import { CreateUserForm } from "@/components/users/create-user-form";
import { UserTable } from "@/components/users/user-table";

export default function UsersPage() {
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">Users</h1>
      <CreateUserForm />
      <UserTable />
    </div>
  );
}
