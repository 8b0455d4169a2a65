import APDU
import Foundation
import SmartCard

/// The IDStore card edge on the virtual card (AID `A0 00 00 00 84 03`, CLA `B0`): data containers
/// released by the conditions in their access byte, judged against the BioManager's security
/// state (docs/card-edges.md).
///
/// | INS | command | condition |
/// |---|---|---|
/// | `50` | GET PROPERTIES: count, capacity, in-use bitmap (5 bytes) | always |
/// | `56` | GET INFO: access byte, bytes stored (3 bytes) | always |
/// | `52` | WRITE: `00` first part, `01` more, `02` FINAL commits | write nibble |
/// | `54` | READ: `00` first part, `01` more (Le ≤ 250), `02` FINAL | read nibble; empty `6A82` |
/// | `58` | RESET (erase) | write nibble |
/// | `5A` | SET ACCESS (pbtool's extension, data = access byte); a looser rule erases the data | admin key |
///
/// Nibbles: `F` anyone, `1` a verified finger, `2` the admin key, `3` either. New containers
/// are admin/admin (`22`).
public final class IDStoreApplet: Applet {
    /// `A0 00 00 00 84 03`.
    public static let idStoreAID: [UInt8] = [0xA0, 0x00, 0x00, 0x00, 0x84, 0x03]
    static let cla: UInt8 = 0xB0
    static let chunkSize = 250

    /// How many containers of what size.
    public struct Parameters: Sendable {
        /// Containers, the directory included (at most 16: the in-use bitmap holds 16).
        public var containerCount = 16
        /// Bytes per container.
        public var capacity = 1024
        /// The access byte of a container never configured: admin writes, admin reads.
        public var defaultAccess: UInt8 = 0x22

        /// The defaults above.
        public init() {}
    }

    struct Container: Codable, Equatable {
        var access: UInt8
        var data: [UInt8]
    }

    /// `A0 00 00 00 84 03`.
    public var aid: [UInt8] { Self.idStoreAID }
    let security: CardSecurityState
    let parameters: Parameters
    var containers: [Container]
    /// A multi-part WRITE or READ in progress: its INS, container, and the bytes so far (WRITE)
    /// or the offset reached (READ).
    private var transfer: (ins: UInt8, container: Int, data: [UInt8], offset: Int)?

    /// An empty IDStore judging access by `security` (the BioManager applet's).
    public init(security: CardSecurityState, parameters: Parameters = Parameters()) {
        self.security = security
        self.parameters = parameters
        containers = Array(repeating: Container(access: parameters.defaultAccess, data: []), count: parameters.containerCount)
    }

    /// Answers an IDStore command (CLA `B0`; others `6E00`).
    public func process(_ command: CommandAPDU) -> ResponseAPDU {
        guard command.cla == Self.cla else { return ResponseAPDU(statusWord: .classNotSupported) }
        if command.ins != transfer?.ins { transfer = nil }
        guard let instruction = IDStore.Instruction(rawValue: command.ins) else {
            return ResponseAPDU(statusWord: .instructionNotSupported)
        }
        let index = Int(command.p1)
        switch instruction {
        case .properties: return ResponseAPDU(data: properties, statusWord: .success)
        case _ where index >= containers.count: return ResponseAPDU(statusWord: .fileNotFound)
        case .info:
            let count = containers[index].data.count
            return ResponseAPDU(data: [containers[index].access, UInt8(count >> 8), UInt8(count & 0xFF)], statusWord: .success)
        case .write: return write(command, container: index)
        case .read: return read(command, container: index)
        case .reset:
            guard allows(containers[index].access >> 4) else { return ResponseAPDU(statusWord: .securityStatusNotSatisfied) }
            containers[index].data = []
            return ResponseAPDU(statusWord: .success)
        case .setAccess: return setAccess(command, container: index)
        }
    }

    /// The admin key may only tighten the rule of a container that holds data: a rule that
    /// admits anyone the old one did not (the admin key included) erases the data first, so the
    /// key can never open what a finger guards.
    private func setAccess(_ command: CommandAPDU, container: Int) -> ResponseAPDU {
        guard security.isAdminKeyVerified else { return ResponseAPDU(statusWord: .securityStatusNotSatisfied) }
        guard command.data.count == 1 else { return ResponseAPDU(statusWord: .wrongLength) }
        let old = containers[container].access, new = command.data[0]
        if !Self.isAsStrict(new, as: old) {
            containers[container].data = []
            if transfer?.container == container { transfer = nil }
        }
        containers[container].access = new
        return ResponseAPDU(statusWord: .success)
    }

    /// Whether everyone `new` admits, for reading and for writing, `old` admitted too.
    static func isAsStrict(_ new: UInt8, as old: UInt8) -> Bool {
        [4, 0].allSatisfy { shift in
            admitted(by: new >> shift) & ~admitted(by: old >> shift) == 0
        }
    }

    /// Who a condition nibble admits, as bits: 1 nobody verified, 2 a verified finger, 4 the
    /// admin key. Nibbles without a meaning admit no one.
    private static func admitted(by nibble: UInt8) -> UInt8 {
        switch nibble & 0x0F {
        case 0xF: 0b111
        case 0x1: 0b010
        case 0x2: 0b100
        case 0x3: 0b110
        default: 0
        }
    }

    private var properties: [UInt8] {
        let bits = containers.enumerated().reduce(UInt16(0)) { bits, entry in
            entry.element.data.isEmpty || entry.offset >= 16 ? bits : bits | 1 << UInt16(entry.offset)
        }
        return [UInt8(containers.count), UInt8(parameters.capacity >> 8), UInt8(parameters.capacity & 0xFF),
                UInt8(bits >> 8), UInt8(bits & 0xFF)]
    }

    /// Whether the condition nibble is met now.
    private func allows(_ nibble: UInt8) -> Bool {
        switch nibble & 0x0F {
        case 0xF: true
        case 0x1: security.isFingerVerified
        case 0x2: security.isAdminKeyVerified
        case 0x3: security.isFingerVerified || security.isAdminKeyVerified
        default: false
        }
    }

    private func write(_ command: CommandAPDU, container: Int) -> ResponseAPDU {
        guard allows(containers[container].access >> 4) else {
            transfer = nil
            return ResponseAPDU(statusWord: .securityStatusNotSatisfied)
        }
        switch command.p2 {
        case 0x00:
            transfer = (command.ins, container, [], 0)
            fallthrough
        case 0x01:
            guard var started = transfer, started.container == container else { return abandon(.conditionsOfUseNotSatisfied) }
            started.data += command.data
            guard started.data.count <= parameters.capacity else { return abandon(.notEnoughMemory) }
            transfer = started
            return ResponseAPDU(statusWord: .success)
        case 0x02:
            guard let started = transfer, started.container == container else { return abandon(.conditionsOfUseNotSatisfied) }
            guard command.data.isEmpty else { return abandon(.wrongLength) }
            containers[container].data = started.data
            transfer = nil
            return ResponseAPDU(statusWord: .success)
        default:
            return ResponseAPDU(statusWord: .incorrectP1P2)
        }
    }

    private func read(_ command: CommandAPDU, container: Int) -> ResponseAPDU {
        guard allows(containers[container].access) else {
            transfer = nil
            return ResponseAPDU(statusWord: .securityStatusNotSatisfied)
        }
        let data = containers[container].data
        switch command.p2 {
        case 0x00, 0x01:
            if command.p2 == 0x00 {
                guard !data.isEmpty else { return ResponseAPDU(statusWord: .fileNotFound) }
                transfer = (command.ins, container, [], 0)
            }
            guard let started = transfer, started.container == container else { return abandon(.conditionsOfUseNotSatisfied) }
            let count = min(command.ne ?? Self.chunkSize, Self.chunkSize, data.count - started.offset)
            transfer?.offset += count
            return ResponseAPDU(data: Array(data[started.offset..<(started.offset + count)]), statusWord: .success)
        case 0x02:
            guard transfer?.container == container else { return abandon(.conditionsOfUseNotSatisfied) }
            transfer = nil
            return ResponseAPDU(statusWord: .success)
        default:
            return ResponseAPDU(statusWord: .incorrectP1P2)
        }
    }

    private func abandon(_ status: StatusWord) -> ResponseAPDU {
        transfer = nil
        return ResponseAPDU(statusWord: status)
    }

    /// Drops a half-done WRITE or READ.
    public func deselect() { transfer = nil }

    /// Drops a half-done WRITE or READ (the BioManager resets the shared security state).
    public func reset() { transfer = nil }

    /// Every container's access byte and data, as JSON.
    public func encodeState() -> [UInt8]? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(containers)).map(Array.init)
    }

    /// Takes back `encodeState()`'s JSON; refuses another container count or oversized data.
    public func restoreState(_ bytes: [UInt8]) throws {
        let restored = try JSONDecoder().decode([Container].self, from: Data(bytes))
        guard restored.count == parameters.containerCount,
              restored.allSatisfy({ $0.data.count <= parameters.capacity }) else {
            throw StoredStateProblem("expected \(parameters.containerCount) containers of at most \(parameters.capacity) bytes")
        }
        containers = restored
    }
}
