import Foundation
import Imaging

extension SimulatedSource {
    /// The images this source stands for: one file, every image in a directory (name order),
    /// or one synthetic finger.
    public func images() throws -> [GrayImage] {
        throw SensorError.badSource("simulated sources are not readable yet")
    }
}

extension SimulatedSensor {
    /// A simulated sensor over `source`.
    public convenience init(source: SimulatedSource, style: SwipeSimulation.Style = .normal, seed: UInt64 = 1) throws {
        self.init(images: try source.images(), style: style, seed: seed)
    }
}
