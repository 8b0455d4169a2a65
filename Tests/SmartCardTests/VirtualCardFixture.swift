import APDU
import BiometricFormats
import Foundation
import SmartCard
import TestSupport
import VirtualCard

/// The card-edge clients over the in-process virtual card (no pcscd): the applets of
/// `AppletCatalog` with the `SameMinutiaeComparison` test double at the comparison seam.
struct VirtualCardFixture {
    static let adminKey: [UInt8] = Array(0x10...0x1F)
    /// A reference of 30 minutiae; `probe` is the same minutiae in another order.
    static let reference = MinutiaeFixture.compact(count: 30, seed: 7)
    static let probe = MinutiaeFixture.reordered(reference)
    /// Minutiae of another finger.
    static let impostor = MinutiaeFixture.compact(count: 30, seed: 8)

    let card: VirtualCard
    let transport: CardTransport

    init(stateFile: URL? = nil) throws {
        card = try VirtualCard(applets: AppletCatalog.all(comparison: SameMinutiaeComparison()), stateFile: stateFile)
        transport = CardTransport(channel: VirtualCardChannel(card: card), redaction: .nothing)
    }

    var bioManager: BioManager { BioManager(transport: transport) }

    /// Takes the BioManager from virgin to operational with `adminKey`, and leaves it selected.
    @discardableResult
    func initialize() throws -> BioManager {
        let bioManager = bioManager
        try bioManager.select()
        let startKey = try bioManager.leaveVirgin()
        try bioManager.verifyKey(startKey, .start)
        try bioManager.changeKey(.admin, to: Self.adminKey)
        try bioManager.changeState(to: .operational)
        return bioManager
    }

    /// Initialises the card and enrols the right index with `reference`; the admin key stays verified.
    @discardableResult
    func enrollRightIndex() throws -> BioManager {
        let bioManager = try initialize()
        try bioManager.verifyKey(Self.adminKey, .admin)
        try bioManager.enroll(.rightIndex, minutiae: CompactCardTemplate(bytes: Self.reference))
        return bioManager
    }

    /// A card reset (power cycle as vpcd would do it).
    func reset() { card.reset() }
}

/// A temporary directory removed when the test ends.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("pbtool-smartcard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    deinit { try? FileManager.default.removeItem(at: url) }
}
