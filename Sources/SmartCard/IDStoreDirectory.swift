import APDU

/// pbtool's names for IDStore containers: container 0 holds a directory that anyone may read and
/// only the admin may write, `61 { 50 name (UTF-8), 02 container }` per entry (the `pb-iso`
/// directory of docs/card-edges.md ("Names") on top of the Precise edge, which numbers containers only).
public struct IDStoreDirectory: Hashable, Sendable {
    /// The container that holds the directory.
    public static let container = 0
    /// Longest name in UTF-8 bytes.
    public static let maximumNameLength = 64

    /// The entries, name → container number, in the order stored.
    public private(set) var entries: [(name: String, container: Int)]

    /// An empty directory.
    public init() { entries = [] }

    /// Reads the directory's bytes. - Throws: `IDStoreError.damagedDirectory`.
    public init(bytes: [UInt8]) throws(IDStoreError) {
        let objects: [BERTLV]
        do {
            objects = try BERTLV.decode(bytes)
        } catch {
            throw .damagedDirectory("not BER-TLV: \(error)")
        }
        entries = []
        for object in objects {
            guard object.tag == 0x61, let name = object.first(0x50), let number = object.first(0x02),
                  number.value.count == 1, let text = String(validating: name.value, as: UTF8.self) else {
                throw .damagedDirectory("entry \(object.encoded.prefix(8).hexString()) is not 61 { 50 name, 02 container }")
            }
            entries.append((text, Int(number.value[0])))
        }
    }

    /// The bytes to store in container 0.
    public var bytes: [UInt8] {
        entries.map { entry in
            BERTLV(0x61) {
                BERTLV(0x50, Array(entry.name.utf8))
                BERTLV(0x02, [UInt8(entry.container)])
            }
        }.encoded
    }

    /// The container named `name`, if any.
    public func container(named name: String) -> Int? {
        entries.first { $0.name == name }?.container
    }

    /// The name of `container`, if any.
    public func name(of container: Int) -> String? {
        entries.first { $0.container == container }?.name
    }

    /// Adds or moves `name` to `container`.
    public mutating func set(_ name: String, container: Int) {
        entries.removeAll { $0.name == name }
        entries.append((name, container))
    }

    /// Removes `name`.
    public mutating func remove(_ name: String) {
        entries.removeAll { $0.name == name }
    }

    /// Checks that `name` can be stored. - Throws: `IDStoreError.invalidName`.
    public static func validate(_ name: String) throws(IDStoreError) {
        let length = name.utf8.count
        guard (1...maximumNameLength).contains(length),
              !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidName(name)
        }
    }

    public static func == (lhs: IDStoreDirectory, rhs: IDStoreDirectory) -> Bool {
        lhs.entries.elementsEqual(rhs.entries) { $0.name == $1.name && $0.container == $1.container }
    }

    public func hash(into hasher: inout Hasher) {
        for entry in entries {
            hasher.combine(entry.name)
            hasher.combine(entry.container)
        }
    }
}
