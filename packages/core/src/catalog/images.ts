// Filled by the image-storage work (productImageSources); kept so the barrel resolves.
export {};
