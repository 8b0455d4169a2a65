import Foundation
import TestSupport

/// Template files for one test: a reference, the matching probe, an impostor, and bad ones.
struct CardEdgeTemplates {
    let directory: URL
    var reference: String { directory.appendingPathComponent("reference.compact").path }
    var probe: String { directory.appendingPathComponent("probe.compact").path }
    var impostor: String { directory.appendingPathComponent("impostor.compact").path }
    var tooFew: String { directory.appendingPathComponent("eleven.compact").path }
    var torn: String { directory.appendingPathComponent("torn.compact").path }
    /// ``MinutiaeFixture/squeezed``: denser than fingers allow.
    var squeezed: String { directory.appendingPathComponent("squeezed.compact").path }
    var secret: String { directory.appendingPathComponent("secret.txt").path }
    /// The ISO/IEC 19794-2:2005 header of an empty record: 24 bytes, a multiple of 3.
    var record: String { directory.appendingPathComponent("record.iso").path }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("pbtool-cardedge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let reference = MinutiaeFixture.compact(count: 30, seed: 11)
        try Data(reference).write(to: URL(fileURLWithPath: self.reference))
        try Data(MinutiaeFixture.reordered(reference)).write(to: URL(fileURLWithPath: probe))
        try Data(MinutiaeFixture.compact(count: 30, seed: 12)).write(to: URL(fileURLWithPath: impostor))
        try Data(MinutiaeFixture.compact(count: 11, seed: 13)).write(to: URL(fileURLWithPath: tooFew))
        try Data(reference.dropLast()).write(to: URL(fileURLWithPath: torn))
        try Data(MinutiaeFixture.squeezed).write(to: URL(fileURLWithPath: squeezed))
        try Data("vpn: hunter2\n".utf8).write(to: URL(fileURLWithPath: secret))
        let header: [UInt8] = [0x46, 0x4D, 0x52, 0x00, 0x20, 0x32, 0x30, 0x00, 0x00, 0x00, 0x00, 0x18,
                               0x00, 0x00, 0x01, 0x84, 0x01, 0x76, 0x00, 0xC5, 0x00, 0xC5, 0x00, 0x00]
        try Data(header).write(to: URL(fileURLWithPath: record))
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}
