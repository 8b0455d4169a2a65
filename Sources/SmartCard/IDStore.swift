import APDU

/// A client for the Precise IDStore card edge (AID `A0 00 00 00 84 03`, CLA `B0`): data
/// containers the card releases once their condition is met — a finger verified through the
/// BioManager, or its admin key (docs/card-edges.md).
///
/// Both applets share one card-wide security state, so verify through `BioManager` and read here
/// on the same connection (or before the card is reset). Not thread-safe.
public final class IDStore {
    /// The proprietary class byte of every IDStore command.
    public static let cla: UInt8 = 0xB0

    /// The instruction bytes (INS), as the client sends them and the virtual card answers them.
    public enum Instruction: UInt8, Sendable, CaseIterable {
        case properties = 0x50, write = 0x52, read = 0x54, info = 0x56, reset = 0x58
        /// pbtool's extension: set a container's access byte (admin key verified).
        case setAccess = 0x5A
    }

    /// The transport the commands go through.
    public let transport: CardTransport

    /// A client over `transport`; call `select()` before anything else.
    public init(transport: CardTransport) {
        self.transport = transport
    }

    /// Selects the applet. - Throws: `CardEdgeError.edgeNotFound` when the card has none.
    public func select() throws {
        _ = try transport.select(.idStore)
    }

    /// GET PROPERTIES (`B0 50 00 00 05`): container count, capacity, containers in use.
    public func properties() throws -> IDStoreProperties {
        let answer = try send(.properties, ne: 5)
        guard answer.statusWord == .success else { throw CardEdgeError.from(answer.statusWord, operation: "IDStore GET PROPERTIES") }
        return try IDStoreProperties(bytes: answer.data)
    }

    /// GET INFO (`B0 56 P1 00 03`): a container's access rule and how many bytes it holds.
    public func info(_ container: Int) throws -> IDStoreContainerInfo {
        let answer = try send(.info, p1: try p1(container), ne: 3)
        if answer.statusWord == .fileNotFound { throw IDStoreError.noSuchContainer(container) }
        guard answer.statusWord == .success else { throw CardEdgeError.from(answer.statusWord, operation: "IDStore GET INFO") }
        guard answer.data.count == 3 else {
            throw CardEdgeError.malformedResponse(operation: "IDStore GET INFO", reason: "\(answer.data.count) bytes, expected 3")
        }
        return IDStoreContainerInfo(container: container, access: IDStoreAccess(byte: answer.data[0]),
                                    storedCount: Int(answer.data[1]) << 8 | Int(answer.data[2]))
    }

    /// READ (`B0 54`): the container's bytes, in 250-byte parts, then FINAL.
    /// - Throws: `IDStoreError.accessDenied` when its read condition is not met, `.emptyContainer`.
    public func read(_ container: Int) throws -> [UInt8] {
        try transport.exclusively {
            let info = try info(container)
            guard info.storedCount > 0 else { throw IDStoreError.emptyContainer(container) }
            return try transport.readInPhases(cla: Self.cla, ins: Instruction.read.rawValue, p1: try p1(container),
                                              count: info.storedCount) { status in
                Self.error(status, "READ", container: container, needs: info.access.read)
            }
        }
    }

    /// WRITE (`B0 52`): replaces the container's bytes, in 250-byte parts, committed by FINAL.
    /// - Throws: `IDStoreError.accessDenied` when its write condition is not met, `.tooLarge`.
    public func write(_ container: Int, _ data: [UInt8]) throws {
        let answer = try transport.sendInPhases(cla: Self.cla, ins: Instruction.write.rawValue, p1: try p1(container),
                                                parts: data.chunked(CardTransport.edgeChunkSize))
        guard answer.statusWord != .success else { return }
        throw Self.error(answer.statusWord, "WRITE", container: container, needs: nil, count: data.count)
    }

    /// RESET (`B0 58 P1 00`): erases the container.
    public func reset(_ container: Int) throws {
        let answer = try send(.reset, p1: try p1(container))
        guard answer.statusWord != .success else { return }
        throw Self.error(answer.statusWord, "RESET", container: container, needs: nil)
    }

    /// SET ACCESS (`B0 5A P1 00 01 access`): pbtool's extension, not in the Precise reference
    /// code, which sets the rule at personalisation. Needs the admin key verified.
    public func setAccess(_ container: Int, _ access: IDStoreAccess) throws {
        let answer = try send(.setAccess, p1: try p1(container), data: [access.byte])
        guard answer.statusWord != .success else { return }
        throw Self.error(answer.statusWord, "SET ACCESS", container: container, needs: .admin)
    }

    // MARK: - Wire

    private func send(_ instruction: Instruction, p1: UInt8 = 0, data: [UInt8] = [], ne: Int? = nil) throws -> ResponseAPDU {
        try transport.send(try CommandAPDU(cla: Self.cla, ins: instruction.rawValue, p1: p1, p2: 0, data: data, ne: ne))
    }

    private func p1(_ container: Int) throws -> UInt8 {
        guard let byte = UInt8(exactly: container) else { throw IDStoreError.noSuchContainer(container) }
        return byte
    }

    static func error(_ status: StatusWord, _ operation: String, container: Int, needs: IDStoreCondition?,
                      count: Int = 0) -> any Error {
        switch status {
        case .securityStatusNotSatisfied: IDStoreError.accessDenied(what: "IDStore container \(container)", needs: needs)
        case .fileNotFound: operation == "READ" ? IDStoreError.emptyContainer(container) : IDStoreError.noSuchContainer(container)
        case .notEnoughMemory, .wrongLength: IDStoreError.tooLarge(count: count, capacity: nil)
        default: CardEdgeError.from(status, operation: "IDStore \(operation)")
        }
    }
}

/// IDStore GET PROPERTIES: how many containers, how big each is, which hold data.
public struct IDStoreProperties: Hashable, Sendable {
    /// How many containers the applet has (directory included).
    public var containerCount: Int
    /// Bytes per container.
    public var capacity: Int
    /// Containers holding data (bitmap, bit i = container i).
    public var inUse: Set<Int>

    /// Parses the 5 bytes. - Throws: `CardEdgeError.malformedResponse`.
    public init(bytes: [UInt8]) throws(CardEdgeError) {
        guard bytes.count == 5 else {
            throw .malformedResponse(operation: "IDStore GET PROPERTIES", reason: "\(bytes.count) bytes, expected 5")
        }
        containerCount = Int(bytes[0])
        capacity = Int(bytes[1]) << 8 | Int(bytes[2])
        let bits = Int(bytes[3]) << 8 | Int(bytes[4])
        inUse = Set((0..<min(containerCount, 16)).filter { bits >> $0 & 1 == 1 })
    }
}

/// IDStore GET INFO: a container's access rule and fill.
public struct IDStoreContainerInfo: Hashable, Sendable {
    /// The container number (P1).
    public var container: Int
    /// Who may read and write it.
    public var access: IDStoreAccess
    /// Bytes the container holds now.
    public var storedCount: Int
}
