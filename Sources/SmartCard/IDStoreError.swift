/// Why an IDStore operation failed.
public enum IDStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The container's condition is not met (`6982`): no finger verified, or no admin key.
    case accessDenied(what: String, needs: IDStoreCondition?)
    /// The card has no container with that number (`6A82` from GET INFO).
    case noSuchContainer(Int)
    /// The container holds nothing (`6A82` from READ).
    case emptyContainer(Int)
    /// No entry has that name in pbtool's directory.
    case noSuchEntry(String)
    /// More bytes than a container holds.
    case tooLarge(count: Int, capacity: Int?)
    /// Nothing to store.
    case emptyData
    /// Every container is in use.
    case full(containers: Int)
    /// pbtool's directory (container 0) has no room for one more name.
    case directoryFull(bytes: Int, capacity: Int)
    /// A name pbtool cannot store: empty, too long, or with control characters.
    case invalidName(String)
    /// pbtool's directory in container 0 cannot be read back.
    case damagedDirectory(String)

    /// What opens an entry with this read condition.
    private static func remedy(_ needs: IDStoreCondition?) -> String {
        let finger = "verify a finger first (pbtool card verify, or --finger and --template)"
        let key = "give the admin key (--admin-key or PBTOOL_ADMIN_KEY)"
        return switch needs {
        case .finger?: finger
        case .admin?: key
        case .fingerOrAdmin?: finger + " or " + key
        default: "verify a finger or the admin key first"
        }
    }

    public var description: String {
        switch self {
        case .accessDenied(let what, let needs):
            "access to \(what) denied" + (needs.map { " (it needs: \($0))" } ?? "") + "; " + Self.remedy(needs)
        case .noSuchContainer(let number):
            "the card has no IDStore container \(number)"
        case .emptyContainer(let number):
            "IDStore container \(number) is empty"
        case .noSuchEntry(let name):
            "the card's IDStore has no entry named \"\(name)\" (pbtool idstore list shows them)"
        case .tooLarge(let count, let capacity):
            "\(count) bytes do not fit an IDStore container" + (capacity.map { " of \($0) bytes" } ?? "")
        case .emptyData:
            "there is nothing to store (0 bytes)"
        case .full(let containers):
            "all \(containers) IDStore containers are in use; delete an entry first"
        case .directoryFull(let bytes, let capacity):
            "pbtool's IDStore directory (container 0) has no room for another name (it would take \(bytes) of its \(capacity) bytes); "
                + "delete an entry or use a shorter name"
        case .invalidName(let name):
            "\"\(name)\" cannot be an IDStore name: use 1 to 64 bytes of UTF-8 without control characters"
        case .damagedDirectory(let reason):
            "pbtool's IDStore directory (container 0) is damaged: \(reason)"
        }
    }
}
