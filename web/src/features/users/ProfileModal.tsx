export default function ProfileModal(_: { open: boolean; onClose(): void }) { return null; }
